import {
  expect,
  expectNoSeriousA11yViolations,
  openDashboard,
  signedOut,
  signInThroughApi,
  submitLogin,
  test,
} from './fixtures.ts';

// Each test changes its own account: a company of its own, signed in through the API.
test.use({ session: 'own' });

test('the profile, from the name in the sidebar: a new name and a new email address', async ({
  page,
  account,
}) => {
  await openDashboard(page);
  await page.getByRole('link', { name: new RegExp(account.name) }).click();
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await expect(page.getByText(`Signed in as ${account.username}, an admin of`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const details = page.getByRole('form', { name: 'Your Details' });
  const save = details.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  await details.getByLabel('Name').fill('Rosa Louise Parks');
  await save.click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('link', { name: /Rosa Louise Parks/ })).toBeVisible();

  await details.getByLabel('Email').fill('rosa.louise@example.org');
  await details.getByLabel('Current password').fill('Not-my-password-1');
  await save.click();
  await expect(page.getByText('400: Current password is incorrect')).toBeVisible();
  await details.getByLabel('Current password').fill(account.password);
  await save.click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Your Details' }).getByLabel('Email')).toHaveValue(
    'rosa.louise@example.org',
  );
});

test('a new password: this session stays, the others end, and it signs in', async ({
  page,
  browser,
  account,
}) => {
  const laptop = await browser.newContext({ storageState: signedOut });
  await signInThroughApi(laptop, account.username, account.password);

  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Change Password' });
  await expect(form.getByLabel('New password')).toHaveAccessibleDescription(
    'At least 8 characters, with an uppercase letter and a number.',
  );
  await form.getByLabel('Current password').fill(account.password);
  await form.getByLabel('New password').fill('Brand-new-pass-9');
  await form.getByLabel('Confirm Password').fill('Brand-new-pass-9');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();

  expect((await laptop.request.get('/api/user')).status()).toBe(401);
  await laptop.close();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await submitLogin(page, account.username, 'Brand-new-pass-9');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
