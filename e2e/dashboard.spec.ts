import { expect, expectNoSeriousA11yViolations, openFromSidebar, test } from './fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

test('the dashboard lists the overdue tasks and those due in the next 14 days', async ({
  page,
}) => {
  const created = await page.request.post('/api/grants', {
    data: { name: 'Literacy for All', funder: 'River Trust', amount: 1000, dueDate: inDays(60) },
  });
  const grant = (await created.json()) as { id: number };
  for (const [name, days, status] of [
    ['Send the budget', -3, 'pending'],
    ['File the old report', -10, 'completed'],
    ['Call the officer', 5, 'in-progress'],
    ['Plan next year', 30, 'pending'],
  ] as const) {
    const response = await page.request.post(`/api/grants/${grant.id}/tasks`, {
      data: {
        name,
        description: `${name} for literacy`,
        category: 'proposal',
        dueDate: inDays(days),
        status,
      },
    });
    expect(response.status()).toBe(201);
  }

  await page.goto('/');
  const overdue = page.getByRole('region', { name: 'Overdue Tasks' });
  const dueSoon = page.getByRole('region', { name: 'Tasks Due in the Next 14 Days' });
  await expect(overdue).toContainText('Send the budget');
  await expect(overdue).not.toContainText('File the old report');
  await expect(
    overdue.getByRole('link', { name: 'Literacy for All', exact: true }),
  ).toHaveAttribute('href', `/grants/${grant.id}`);
  await expect(overdue.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute(
    'href',
    /calendar\.google\.com.*Send\+the\+budget/,
  );
  // The .ics file is written when asked for, and opens in any calendar application.
  const downloading = page.waitForEvent('download');
  await overdue.getByRole('button', { name: 'Download .ics' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Send-the-budget-Literacy-for-All-.ics');
  const file = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(Buffer.from(chunk));
  const ics = Buffer.concat(chunks).toString('utf8');
  expect(ics).toContain('BEGIN:VCALENDAR\r\n');
  expect(ics).toContain('SUMMARY:Send the budget (Literacy for All)\r\n');
  await expect(dueSoon).toContainText('Call the officer');
  await expect(dueSoon).not.toContainText('Plan next year');
  // The spec's cards are all still there.
  for (const card of ['Total Contacts', 'Total Interactions', 'Active Grants']) {
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Upcoming Grant Deadlines' })).toContainText(
    'Literacy for All',
  );
  await expect(page.getByText('No recent interactions')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Done on the grant's page, the task leaves the dashboard's overdue list.
  await overdue.getByRole('link', { name: 'Literacy for All', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Literacy for All', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status of Send the budget' }).selectOption('Completed');
  await expect(page.getByText('Task status updated')).toBeVisible();
  await openFromSidebar(page, 'Dashboard');
  await expect(overdue).toContainText('No overdue tasks');
  await expect(dueSoon).toContainText('Call the officer');
});
