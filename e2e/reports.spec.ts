import { expect, expectNoSeriousA11yViolations, openFromSidebar, test } from './fixtures.ts';

test('the Reports page: totals, win rates and awards by month, each table exported as CSV', async ({
  page,
}) => {
  for (const data of [
    {
      name: 'Reading Rooms',
      funder: 'Hill Foundation',
      amount: 50_000,
      dueDate: '2025-03-01T12:00:00Z',
      status: 'awarded',
      awardedAmount: 40_000,
      awardedDate: '2025-05-10T12:00:00Z',
    },
    {
      name: 'Night School',
      funder: 'Hill Foundation',
      amount: 20_000,
      dueDate: '2025-06-01T12:00:00Z',
      status: 'rejected',
    },
    // A name a spreadsheet would run as a formula is exported as text.
    {
      name: 'Open Doors',
      funder: '=HYPERLINK("x")',
      amount: 5_000,
      dueDate: '2025-07-01T12:00:00Z',
      status: 'submitted',
    },
  ]) {
    expect((await page.request.post('/api/grants', { data })).status()).toBe(201);
  }
  await page.goto('/');
  await openFromSidebar(page, 'Reports');
  await page.getByRole('combobox', { name: 'Year' }).selectOption('2025');
  await expect(page).toHaveURL(/\/reports\?year=2025$/);

  const byFunder = page.getByRole('region', { name: 'Win Rate by Funder' });
  const hill = byFunder.getByRole('row', { name: /Hill Foundation/ });
  await expect(hill).toContainText('$70,000');
  await expect(hill).toContainText('$40,000');
  await expect(hill).toContainText('50%');
  const months = page.getByRole('region', { name: 'Awarded in 2025 by Month' });
  await expect(months.getByRole('row', { name: /May/ })).toContainText('$40,000');
  await expect(
    page.getByRole('region', { name: 'Grants by Status' }).getByRole('row', { name: /^Awarded / }),
  ).toContainText('$50,000');
  await expectNoSeriousA11yViolations(page);

  const downloading = page.waitForEvent('download');
  await byFunder.getByRole('button', { name: 'Export CSV of Win Rate by Funder' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('win-rate-by-funder.csv');
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  const csv = Buffer.concat(chunks).toString('utf8');
  expect(csv.split('\r\n')[0]).toBe('\ufeffFunder,Requested,Awarded,Decided,Win rate');
  expect(csv).toContain('Hill Foundation,70000,40000,2,50\r\n');
  expect(csv).toContain(`"'=HYPERLINK(""x"")",5000,0,0,\r\n`);
});

test('a report shown as cards beside another keeps its headers for screen readers and labels every value', async ({
  page,
}) => {
  const dueDate = new Date(Date.now() + 10 * 86_400_000).toISOString();
  const grant = { name: 'Reading Rooms', funder: 'Hill Foundation', amount: 5_000, dueDate };
  expect((await page.request.post('/api/grants', { data: grant })).status()).toBe(201);
  await page.goto('/reports');
  const table = page.getByRole('region', { name: 'Deadlines by Week' }).getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Week of',
    'Grants',
    'Tasks',
    'Requirements',
  ]);
  // Half the page wide, its rows are cards: the headers take no room, each value has its label.
  const header = await table.getByRole('columnheader', { name: 'Week of' }).boundingBox();
  expect(header?.width).toBeLessThanOrEqual(1);
  const cells = table.locator('tbody tr').filter({ hasText: /[1-9]/ }).first().locator('td');
  const label = (index: number) =>
    cells.nth(index).evaluate((node) => getComputedStyle(node, '::before').content);
  expect(await label(0)).toBe('"Week of"');
  expect(await label(1)).toBe('"Grants"');
  await expectNoSeriousA11yViolations(page);
});

test.describe('read east of UTC+12', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('a week of deadlines is named by its Monday, as its CSV names it', async ({ page }) => {
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const data = { name: 'Week Named', funder: 'Line Islands Fund', amount: 100, dueDate: due };
    expect((await page.request.post('/api/grants', { data })).status()).toBe(201);
    const reports = await (await page.request.get('/api/reports')).json();
    const week = (reports.deadlinesByWeek as { weekStart: string; grants: number }[]).find(
      (row) => row.grants > 0,
    );
    if (!week) throw new Error('no week with the grant');
    const monday = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${week.weekStart}T12:00:00Z`),
    );
    await page.goto('/reports');
    const weeks = page.getByRole('region', { name: 'Deadlines by Week' });
    await expect(
      weeks.getByRole('row', { name: `Week of ${monday} Grants 1 Tasks 0 Requirements 0` }),
    ).toBeVisible();
  });
});
