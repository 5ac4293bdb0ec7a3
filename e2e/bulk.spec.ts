import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

// Each test signs in through the API as the admin of a company of its own.
test.use({ session: 'own' });

test('choose grants in the list, change their status at once, then delete them all, asked first', async ({
  page,
}) => {
  for (const name of ['Arts fund', 'Books fund', 'Clean water']) {
    const created = await page.request.post('/api/grants', {
      data: { name, funder: 'Hill Fund', amount: 1000, dueDate: '2027-01-01' },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto('/grants');
  await page.getByRole('checkbox', { name: 'Select Arts fund' }).check();
  await page.getByRole('checkbox', { name: 'Select Books fund' }).check();
  await expect(page.getByRole('status').filter({ hasText: '2 selected' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page
    .getByRole('combobox', { name: 'Change the status of 2 selected grants' })
    .selectOption({ label: 'Submitted' });
  await expect(page.getByText('2 grants now Submitted')).toBeVisible();
  await expect(page.getByRole('row', { name: /Arts fund/ })).toContainText('Submitted');
  await expect(page.getByRole('row', { name: /Books fund/ })).toContainText('Submitted');
  await expect(page.getByRole('row', { name: /Clean water/ })).toContainText('Draft');

  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByRole('status').filter({ hasText: '3 selected' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 3 grants' });
  await expect(confirm).toContainText('Delete 3 grants? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('3 grants deleted')).toBeVisible();
  await expect(page.getByText('No grants yet')).toBeVisible();
});
