import {
  expect,
  newAccount,
  openDashboard,
  registerThroughApi,
  signInThroughApi,
  test,
} from './fixtures.ts';

// One browser, two people: what one company's user read never shows to another's.
test("a tab whose session became another company's user shows none of the first company's data", async ({
  page,
  context,
  playwright,
  account,
}) => {
  const contact = await (
    await page.request.post('/api/contacts', {
      data: { name: 'Hal Harvest', email: 'hal@harvest.example' },
    })
  ).json();
  const interaction = await page.request.post('/api/interactions', {
    data: {
      contactId: contact.id,
      type: 'call',
      notes: 'Budget notes of the first company',
      date: '2026-11-20',
    },
  });
  expect(interaction.status()).toBe(201);
  await openDashboard(page);
  await expect(page.getByText('Budget notes of the first company')).toBeVisible();

  // Another tab signs out and in as the user of another company: the cookie is theirs now.
  const other = await registerThroughApi(playwright, newAccount());
  await signInThroughApi(context, other.username, other.password);
  // Back on the first tab, the app asks who is signed in (as on every return to the tab).
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByText(other.organization)).toBeVisible();
  await expect(page.getByText(account.organization)).toHaveCount(0);
  await expect(page.getByText('No recent interactions')).toBeVisible();
  await expect(page.getByText('Budget notes of the first company')).toHaveCount(0);
});
