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

test('signing out in one tab signs out the others at once', async ({ page, context }) => {
  await openDashboard(page);
  const other = await context.newPage();
  await openDashboard(other);
  await other.getByRole('button', { name: 'Logout' }).click();
  await expect(other).toHaveURL(/\/auth$/);
  // The first tab is told, without waiting for the user to come back to it.
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
});

test('a read answered 401 (the session ended on the server) shows the sign-in page at once', async ({
  page,
  context,
}) => {
  await page.goto('/contacts');
  await expect(page.getByText('No contacts yet')).toBeVisible();
  // The session ends without this tab doing anything (it expired, or was ended elsewhere).
  await context.clearCookies();
  // The next read of the company's data (a search) is answered 401.
  await page
    .getByPlaceholder(/Search/)
    .first()
    .fill('ada');
  await expect(page).toHaveURL(/\/auth$/);
});
