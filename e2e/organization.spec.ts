import {
  expect,
  expectNoSeriousA11yViolations,
  openDashboard,
  openFromSidebar,
  signedOut,
  signInThroughApi,
  test,
} from './fixtures.ts';

async function loginThroughForm(
  page: import('@playwright/test').Page,
  username: string,
  password: string,
) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

// Each test signs in through the API as the admin of a company of its own.
test.use({ session: 'own' });

test.beforeEach(async ({ page }) => {
  await openDashboard(page);
  await openFromSidebar(page, 'Organization');
});

test('the admin edits the profile; Save Changes waits for a change', async ({
  page,
  account: admin,
}) => {
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(page.getByLabel('Organization Name')).toHaveValue(admin.organization);
  await expect(save).toBeDisabled();
  await page.getByLabel('Website').fill('not a url');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Please enter a valid URL')).toBeVisible();
  await page.getByLabel('Website').fill('https://trust.example.org');
  await page.getByLabel('Industry').fill('Community development');
  await save.click();
  await expect(page.getByText('Organization updated')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel('Industry')).toHaveValue('Community development');
  await expectNoSeriousA11yViolations(page);
});

test('the admin invites someone, who joins from the link in a fresh browser and logs in', async ({
  page,
  browser,
  account: admin,
}) => {
  await page.getByRole('tab', { name: 'Users & Permissions' }).click();
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel(/^Name/).fill('Ines Invitee');
  await dialog.getByLabel('Email').fill('ines@example.org');
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  await expect(
    dialog.getByText('Development mode does not deliver emails.', { exact: false }),
  ).toBeVisible();
  const link = await dialog
    .getByRole('link', { name: /accept-invitation\?token=/ })
    .getAttribute('href');
  if (!link) throw new Error('no preview link');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const pending = page.getByRole('region', { name: 'Pending Invitations' });
  await expect(pending.getByRole('row', { name: /Ines Invitee/ })).toContainText(
    'ines@example.org',
  );
  await expectNoSeriousA11yViolations(page);

  const invitee = await browser.newContext({ storageState: signedOut });
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(link);
  await expect(
    inviteePage.getByRole('heading', { name: `Join ${admin.organization}` }),
  ).toBeVisible();
  await expect(
    inviteePage.getByText(`You've been invited to join ${admin.organization} as a user.`),
  ).toBeVisible();
  await inviteePage.getByLabel('Username').fill('ine');
  await inviteePage.getByLabel(/^Password/).fill('Welcome-2027');
  await inviteePage.getByLabel('Confirm Password').fill('Welcome-2026');
  await inviteePage.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(inviteePage.getByText('Username must be at least 4 characters')).toBeVisible();
  await expect(inviteePage.getByText('Passwords do not match')).toBeVisible();
  const username = `ines_${Date.now().toString(36)}`;
  await inviteePage.getByLabel('Username').fill(username);
  await inviteePage.getByLabel('Confirm Password').fill('Welcome-2027');
  await inviteePage.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(
    inviteePage.getByText('You have joined the organization. Please log in.'),
  ).toBeVisible();
  await expect(inviteePage).toHaveURL(/\/auth$/);
  await loginThroughForm(inviteePage, username, 'Welcome-2027');
  await expect(inviteePage.getByText(admin.organization)).toBeVisible();

  // The link is spent.
  await inviteePage.goto(link);
  await expect(inviteePage.getByRole('heading', { name: 'Invitation accepted' })).toBeVisible();
  await expect(inviteePage.getByText('This invitation has already been accepted.')).toBeVisible();
  await expect(inviteePage.getByRole('button', { name: 'Go to Login' })).toBeVisible();
  await invitee.close();

  await page.reload();
  await page.getByRole('tab', { name: 'Users & Permissions' }).click();
  await expect(page.getByRole('row', { name: /Ines Invitee/ })).toContainText(username);
  await expect(page.getByText('No pending invitations.')).toBeVisible();
});

test.describe('in the shared company', () => {
  // It changes nothing, so it may use the company and session shared by such tests.
  test.use({ session: 'shared' });

  test('an invitation link without a token is invalid', async ({ page }) => {
    await page.goto('/accept-invitation');
    await expect(page.getByRole('heading', { name: 'Invalid Invitation' })).toBeVisible();
    await expect(page.getByText('This invitation link is invalid or expired.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test('the admin adds a user, resets their password and removes them; a plain user sees read-only views', async ({
  page,
  browser,
  account: admin,
}) => {
  await page.getByRole('tab', { name: 'Users & Permissions' }).click();
  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add New User' });
  const username = `uma_${Date.now().toString(36)}`;
  await add.getByLabel(/^Name/).fill('Uma User');
  await add.getByLabel('Email').fill('uma@example.org');
  await add.getByLabel('Username').fill(username);
  await add.getByLabel(/^Password/).fill('first-pass');
  await add.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('User created')).toBeVisible();
  await expect(page.getByRole('row', { name: /Uma User/ })).toContainText(username);

  // Uma, a plain user, sees the organization without edit rights or invitations.
  const other = await browser.newContext({ storageState: signedOut });
  const uma = await other.newPage();
  await signInThroughApi(other, username, 'first-pass');
  await openDashboard(uma);
  await openFromSidebar(uma, 'Organization');
  await expect(uma.getByText('Only administrators can edit organization details.')).toBeVisible();
  await expect(uma.getByText('Not set').first()).toBeVisible();
  await expect(uma.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await uma.getByRole('tab', { name: 'Users & Permissions' }).click();
  await expect(uma.getByRole('row', { name: /Uma User/ })).toBeVisible();
  await expect(uma.getByRole('button', { name: 'Add User' })).toHaveCount(0);
  await expect(uma.getByRole('button', { name: /Actions for/ })).toHaveCount(0);
  await expect(uma.getByText('Pending Invitations')).toHaveCount(0);
  await expectNoSeriousA11yViolations(uma);

  await page.getByRole('button', { name: 'Actions for Uma User' }).click();
  await page.getByRole('menuitem', { name: 'Reset Password' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await reset.getByLabel(/New password/).fill('weakpass');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    reset.getByText('Password must contain at least one uppercase letter'),
  ).toBeVisible();
  await reset.getByLabel(/New password/).fill('Second-pass-2');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset', { exact: true })).toBeVisible();

  // Her session ended: the next page she opens sends her to sign in.
  await uma.goto('/contacts');
  await expect(uma).toHaveURL(/\/auth$/);
  await signInThroughApi(other, username, 'Second-pass-2');
  await openDashboard(uma);

  await page.getByRole('button', { name: 'Actions for Uma User' }).click();
  await page.getByRole('menuitem', { name: 'Remove User' }).click();
  await page
    .getByRole('dialog', { name: 'Remove User' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText('User removed')).toBeVisible();
  await expect(page.getByRole('row', { name: /Uma User/ })).toHaveCount(0);
  await uma.goto('/contacts');
  await expect(uma).toHaveURL(/\/auth$/);
  await other.close();

  // An admin cannot remove themselves.
  await page.getByRole('button', { name: `Actions for ${admin.name}` }).click();
  await page.getByRole('menuitem', { name: 'Remove User' }).click();
  await expect(page.getByText('Cannot remove yourself')).toBeVisible();
});

test('an invitation to join as an admin says so with the right article', async ({
  page,
  browser,
  account,
}) => {
  const response = await page.request.post('/api/organization/invitations', {
    data: { name: 'Ada Admin', email: 'ada.admin@example.org', role: 'admin' },
  });
  expect(response.status()).toBe(201);
  const { previewUrl } = (await response.json()) as { previewUrl: string };
  const invitee = await browser.newContext({ storageState: signedOut });
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(previewUrl);
  await expect(
    inviteePage.getByText(`You've been invited to join ${account.organization} as an admin.`),
  ).toBeVisible();
  await invitee.close();
});
