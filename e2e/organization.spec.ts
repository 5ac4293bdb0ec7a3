import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  openDashboard,
  openFromDashboard,
  signedOut,
  signInThroughApi,
  submitLogin,
  test,
} from './fixtures.ts';

/**
 * The team tab with both its lists read: the team's table, as it loads, moves the invitations
 * below it, and a click made as it moved (pressed on Invite User, released beside it) was lost.
 */
async function openTeamTab(page: Page) {
  await page.getByRole('tab', { name: 'Users & Permissions' }).click();
  await expect(page.getByRole('region', { name: 'Team Members' }).getByRole('table')).toBeVisible();
  const invitations = page.getByRole('region', { name: 'Pending Invitations' });
  await expect(invitations).toBeVisible();
  await expect(invitations.getByLabel('Loading invitations')).toHaveCount(0);
}

async function loginThroughForm(
  page: import('@playwright/test').Page,
  username: string,
  password: string,
) {
  await page.goto('/auth');
  await submitLogin(page, username, password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

// The Copy buttons may write to the clipboard, and the tests read it back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.beforeEach(async ({ page }) => {
  await openFromDashboard(page, 'Organization');
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

test('a change to the profile not saved is asked about before a link, another tab, Back or a reload loses it', async ({
  page,
}) => {
  const industry = page.getByLabel('Industry');
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  await industry.fill('Half typed');

  // A link of the sidebar: Cancel stays, with what was typed.
  await page.getByRole('link', { name: 'Contacts' }).click();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/organization$/);
  await expect(industry).toHaveValue('Half typed');

  // Another tab of the page, then the browser's Back: each asks.
  await page.getByRole('tab', { name: 'Reminders' }).click();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(industry).toHaveValue('Half typed');
  await page.evaluate(() => window.history.back());
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/organization$/);
  await expect(industry).toHaveValue('Half typed');

  // A reload: the browser's own question, dismissed, keeps the page.
  const question = page.waitForEvent('dialog');
  void page.reload().catch(() => {});
  const dialog = await question;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(industry).toHaveValue('Half typed');

  // Logout: asked too, and Cancel stays signed in.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(industry).toHaveValue('Half typed');
  expect((await page.request.get('/api/user')).status()).toBe(200);

  // Discard: the link is followed, and nothing was saved.
  await page.getByRole('link', { name: 'Contacts' }).click();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await page.goBack();
  await expect(industry).toHaveValue('');
  // Nothing typed now: the tab changes at once.
  await page.getByRole('tab', { name: 'Reminders' }).click();
  await expect(page).toHaveURL(/\/organization\?tab=reminders$/);
  await expect(discard).toBeHidden();

  // Logout with a change typed, discarded: signed out.
  await page.getByLabel('Reminder days').fill('3');
  await page.getByRole('button', { name: 'Logout' }).click();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect((await page.request.get('/api/user')).status()).toBe(401);
});

test('the tab shown is kept in the address: a reload and Back show it again', async ({ page }) => {
  await page.getByRole('tab', { name: 'Reminders' }).click();
  await expect(page).toHaveURL(/\/organization\?tab=reminders$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Reminders' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('tab', { name: 'Organization Profile' }).click();
  await expect(page).toHaveURL(/\/organization$/);
  await expect(page.getByRole('textbox', { name: 'Organization Name' })).toBeVisible();
});

test('the admin invites someone, who joins from the link in a fresh browser and logs in', async ({
  page,
  browser,
  account: admin,
}) => {
  await openTeamTab(page);
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel(/^Name/).fill('Ines Invitee');
  await dialog.getByLabel('Email').fill('ines@example.org');
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  // No email server in this run: the dialog says so and gives the link, with a Copy button.
  await expect(dialog.getByText('No email was sent')).toBeVisible();
  await expect(dialog.getByText('No email server is configured', { exact: false })).toBeVisible();
  const link = await dialog.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/accept-invitation\?token=/);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.getByText('Invitation sent')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Done' }).click();
  // The accessibility check reads the page once the dialog has gone (not while it fades out).
  await expect(dialog).toBeHidden();

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
  await inviteePage.getByLabel(/^Confirm Password/).fill('Welcome-2026');
  await inviteePage.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(inviteePage.getByText('Username must be at least 4 characters')).toBeVisible();
  await expect(inviteePage.getByText('Passwords do not match')).toBeVisible();
  const username = `ines_${Date.now().toString(36)}`;
  await inviteePage.getByLabel('Username').fill(username);
  await inviteePage.getByLabel(/^Confirm Password/).fill('Welcome-2027');
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

test('an invitation sent with the keyboard and no email server leaves the focus on its link', async ({
  page,
}) => {
  await openTeamTab(page);
  const open = page.getByRole('button', { name: 'Invite User' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel(/^Name/).fill('Kai Keys');
  await dialog.getByLabel('Email').fill('kai@example.org');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('No email was sent')).toBeVisible();
  // The link replaces the form whose button had the focus: the focus is on the link, selected,
  // so that Ctrl+C copies it at once.
  const link = dialog.getByLabel('Invitation link');
  await expect(link).toBeFocused();
  await page.keyboard.press('ControlOrMeta+C');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
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
  await add.getByLabel(/^Password/).fill('First-pass-1');
  await add.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('User created')).toBeVisible();
  await expect(page.getByRole('row', { name: /Uma User/ })).toContainText(username);

  // Uma, a plain user, sees the organization without edit rights or invitations.
  const other = await browser.newContext({ storageState: signedOut });
  const uma = await other.newPage();
  await signInThroughApi(other, username, 'First-pass-1');
  await openFromDashboard(uma, 'Organization');
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
  await expect(reset.getByLabel(/^New password/)).toBeFocused();
  await reset.getByLabel(/^New password/).fill('weakpass');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    reset.getByText('Password must contain at least one uppercase letter'),
  ).toBeVisible();
  await reset.getByLabel(/^New password/).fill('Second-pass-2');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset', { exact: true })).toBeVisible();
  // The focus is back on the menu's button (the item that opened the dialog is gone).
  await expect(page.getByRole('button', { name: 'Actions for Uma User' })).toBeFocused();

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

test("Reset Password, opened from a member's menu with the keyboard, holds the focus until it closes", async ({
  page,
}) => {
  const added = await page.request.post('/api/organization/users', {
    data: {
      name: 'Kit Keys',
      email: 'kit@example.org',
      username: `kit_${Date.now().toString(36)}`,
      password: 'First-pass-1',
    },
  });
  expect(added.status()).toBe(201);
  await page.getByRole('tab', { name: 'Users & Permissions' }).click();
  const actions = page.getByRole('button', { name: 'Actions for Kit Keys' });
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  const password = reset.getByLabel(/^New password/);
  const item = page.getByRole('menuitem', { name: 'Reset Password' });
  // Enter opens the menu, the arrow goes to its first item, Enter chooses it.
  const chooseResetPassword = async () => {
    await page.keyboard.press('Enter');
    await expect(item).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(item).toBeFocused();
    await page.keyboard.press('Enter');
  };

  // Closed without a choice, the menu leaves the focus on its button.
  await actions.focus();
  await page.keyboard.press('Enter');
  await expect(item).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(item).toBeHidden();
  await expect(actions).toBeFocused();
  await chooseResetPassword();
  await expect(password).toBeFocused();
  // Tab goes round the dialog, not the page behind it.
  await page.keyboard.press('Tab');
  await expect(reset.locator(':focus')).toHaveCount(1);
  await expect(password).not.toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(password).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(reset).toBeHidden();
  await expect(actions).toBeFocused();

  // Again, and this time the password is typed and saved from the keyboard.
  await chooseResetPassword();
  await expect(password).toBeFocused();
  await page.keyboard.type('Second-pass-2');
  await expect(password).toHaveValue('Second-pass-2');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Password reset', { exact: true })).toBeVisible();
  await expect(reset).toBeHidden();
  await expect(actions).toBeFocused();
});

test('a pending invitation gets a new link: the old link stops working, the new one opens', async ({
  page,
  browser,
}) => {
  const response = await page.request.post('/api/organization/invitations', {
    data: { name: 'Noor New', email: 'noor@example.org', role: 'user' },
  });
  const { previewUrl: oldLink } = (await response.json()) as { previewUrl: string };
  await openTeamTab(page);
  await page.getByRole('button', { name: 'Copy new link for Noor New' }).click();
  const confirm = page.getByRole('dialog', { name: 'New Invitation Link' });
  await expect(confirm).toContainText('The link sent before will stop working.');
  await confirm.getByRole('button', { name: 'Make new link' }).click();
  const shown = page.getByRole('dialog', { name: 'New Invitation Link' });
  await expect(shown.getByText('The link sent before no longer works')).toBeVisible();
  await expect(shown.getByLabel('Invitation link')).toBeFocused();
  const newLink = await shown.getByLabel('Invitation link').inputValue();
  expect(newLink).not.toBe(oldLink);
  await shown.getByRole('button', { name: 'Copy link' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newLink);
  await expectNoSeriousA11yViolations(page);
  await shown.getByRole('button', { name: 'Done' }).click();

  const invitee = await browser.newContext({ storageState: signedOut });
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(oldLink);
  await expect(inviteePage.getByText('Invitation not found', { exact: false })).toBeVisible();
  await inviteePage.goto(newLink);
  await expect(inviteePage.getByLabel('Username')).toBeVisible();

  // Cancelling it asks first; kept, it is still there, then cancelled, its link stops working.
  await page.getByRole('button', { name: 'Cancel invitation for Noor New' }).click();
  const question = page.getByRole('dialog', { name: 'Cancel Invitation' });
  await expect(question).toContainText('Its link will stop working.');
  await question.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('cell', { name: 'noor@example.org' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel invitation for Noor New' }).click();
  await question.getByRole('button', { name: 'Cancel invitation' }).click();
  await expect(page.getByText('Invitation cancelled')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'noor@example.org' })).toHaveCount(0);
  await inviteePage.goto(newLink);
  await expect(inviteePage.getByText('Invitation not found', { exact: false })).toBeVisible();
  await invitee.close();
});

test('invitations cancelled with the keyboard leave the focus in their section: the next one, then Invite User', async ({
  page,
}) => {
  for (const [name, email] of [
    ['Ola One', 'ola@example.org'],
    ['Tam Two', 'tam@example.org'],
  ]) {
    const response = await page.request.post('/api/organization/invitations', {
      data: { name, email, role: 'user' },
    });
    expect(response.status()).toBe(201);
  }
  await openTeamTab(page);
  const pending = page.getByRole('region', { name: 'Pending Invitations' });
  const question = page.getByRole('dialog', { name: 'Cancel Invitation' });
  const cancelWithKeys = async (name: string) => {
    await pending.getByRole('button', { name: `Cancel invitation for ${name}` }).focus();
    await page.keyboard.press('Enter');
    // The question opens on its own Cancel; the red button, given the focus, is pressed with Enter.
    await expect(question.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
    await question.getByRole('button', { name: 'Cancel invitation' }).focus();
    await page.keyboard.press('Enter');
    await expect(question).toBeHidden();
  };

  await cancelWithKeys('Ola One');
  await expect(pending.getByRole('row', { name: /Ola One/ })).toHaveCount(0);
  await expect(
    pending.getByRole('button', { name: 'Cancel invitation for Tam Two' }),
  ).toBeFocused();

  // The last one gone, the section's own Invite User has the focus, not the top of the page.
  await cancelWithKeys('Tam Two');
  await expect(pending.getByText('No pending invitations.')).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Invite User' })).toBeFocused();
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
  const { previewUrl: link } = (await response.json()) as { previewUrl: string };
  const invitee = await browser.newContext({ storageState: signedOut });
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(link);
  await expect(
    inviteePage.getByText(`You've been invited to join ${account.organization} as an admin.`),
  ).toBeVisible();
  await invitee.close();
});

test("the admin changes a member's role from the team list; the last admin cannot step down", async ({
  page,
  browser,
  account: admin,
}) => {
  const username = `rita_${Date.now().toString(36)}`;
  const added = await page.request.post('/api/organization/users', {
    data: { name: 'Rita Role', email: 'rita@example.org', username, password: 'Rita-pass-1' },
  });
  expect(added.status()).toBe(201);
  await page.getByRole('tab', { name: 'Users & Permissions' }).click();
  const row = page.getByRole('row', { name: /Rita Role/ });
  await expect(row).toContainText('User');

  await page.getByRole('button', { name: 'Actions for Rita Role' }).click();
  await page.getByRole('menuitem', { name: 'Make Admin' }).click();
  await page
    .getByRole('dialog', { name: 'Change Role' })
    .getByRole('button', { name: 'Make Admin' })
    .click();
  await expect(page.getByText('Rita Role is now an admin.')).toBeVisible();
  await expect(row).toContainText('Admin');

  // Rita now has an admin's tools.
  const other = await browser.newContext({ storageState: signedOut });
  const rita = await other.newPage();
  await signInThroughApi(other, username, 'Rita-pass-1');
  await openFromDashboard(rita, 'Organization');
  await rita.getByRole('tab', { name: 'Users & Permissions' }).click();
  await expect(rita.getByRole('button', { name: 'Add User' })).toBeVisible();

  // And back: she is a user again as soon as the admin says so.
  await page.getByRole('button', { name: 'Actions for Rita Role' }).click();
  await page.getByRole('menuitem', { name: 'Make User' }).click();
  await page
    .getByRole('dialog', { name: 'Change Role' })
    .getByRole('button', { name: 'Make User' })
    .click();
  await expect(page.getByText('Rita Role is now a user.')).toBeVisible();
  await expect(row).not.toContainText('Admin');
  await rita.reload();
  await rita.getByRole('tab', { name: 'Users & Permissions' }).click();
  await expect(rita.getByRole('row', { name: /Rita Role/ })).toBeVisible();
  await expect(rita.getByRole('button', { name: 'Add User' })).toHaveCount(0);
  await other.close();

  // The only admin cannot step down: the organization keeps one.
  await page.getByRole('button', { name: `Actions for ${admin.name}` }).click();
  await page.getByRole('menuitem', { name: 'Make User' }).click();
  await expect(page.getByText('Error changing role')).toBeVisible();
  await expect(page.getByText('The organization must keep at least one admin.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Change Role' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible();
});

test('a member made a user in another browser loses the admin screens at the first change refused', async ({
  page,
  browser,
}) => {
  const username = `remy_${Date.now().toString(36)}`;
  const added = await page.request.post('/api/organization/users', {
    data: {
      name: 'Remy Role',
      email: 'remy@example.org',
      username,
      password: 'Remy-pass-1',
      role: 'admin',
    },
  });
  expect(added.status()).toBe(201);
  const { id } = (await added.json()) as { id: number };

  const other = await browser.newContext({ storageState: signedOut });
  const remy = await other.newPage();
  await signInThroughApi(other, username, 'Remy-pass-1');
  await openFromDashboard(remy, 'Organization');
  await remy.getByRole('tab', { name: 'Users & Permissions' }).click();
  await remy.getByRole('button', { name: 'Add User' }).click();
  const dialog = remy.getByRole('dialog', { name: 'Add New User' });
  await dialog.getByLabel(/^Name/).fill('Never Added');
  await dialog.getByLabel('Email').fill('never@example.org');
  await dialog.getByLabel('Username').fill(`never_${Date.now().toString(36)}`);
  await dialog.getByLabel(/^Password/).fill('Never-pass-1');

  // Meanwhile, the admin makes Remy a user again.
  const changed = await page.request.patch(`/api/organization/users/${id}`, {
    data: { role: 'user' },
  });
  expect(changed.status()).toBe(200);

  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(remy.getByText('Error creating user')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(remy.getByRole('button', { name: 'Add User' })).toHaveCount(0);
  await expect(remy.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expect(remy.getByRole('region', { name: 'Pending Invitations' })).toHaveCount(0);
  // The team is read again: Remy's own row says what Remy now is.
  await expect(remy.getByRole('row', { name: /Remy Role/ })).not.toContainText('Admin');
  await other.close();
});
