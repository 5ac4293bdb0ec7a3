import {
  expect,
  newAccount,
  registerThroughForm,
  submitLogin,
  submitRegistration,
  test,
} from './fixtures.ts';

// Nobody is signed in: these tests drive the sign-in screens themselves.
test.use({ session: 'none' });

test('a visitor signs up from the landing page, logs out and logs back in', async ({ page }) => {
  const account = newAccount();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('No credit card required · Cancel anytime')).toBeVisible();
  await page.getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);

  await submitRegistration(page, account);

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page.getByText('Welcome! You have been automatically logged in.')).toBeVisible();
  await expect(page.getByText(account.organization)).toBeVisible();
  // The form that had the focus has gone: the focus is on the dashboard's main content, where a
  // screen reader reads on and Tab goes on.
  const main = page.getByRole('main');
  await expect(main).toBeFocused();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await submitLogin(page, account.username, account.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(main).toBeFocused();

  // The session survives a reload: it lives in the cookie, not in the page. A page the browser
  // opened itself leaves the focus at its top, where Tab reaches the skip link first.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(main).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
});

test('a wrong password shows the Login failed notice with the server message', async ({ page }) => {
  await page.goto('/auth');
  await submitLogin(page, 'nobody_at_all', 'wrong-password');

  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('401: Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the password shows and hides from the keyboard, with a button a screen reader names', async ({
  page,
}) => {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Log in' });
  const password = form.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('Secret-typed-1');
  await expect(password).toHaveAttribute('type', 'password');
  await password.press('Tab');
  const show = form.getByRole('button', { name: 'Show Password', exact: true });
  await expect(show).toBeFocused();
  await expect(show).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'text');
  await expect(show).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'password');
});

test('signing in with no password gives the focus to the password field, which says why', async ({
  page,
}) => {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Username').fill('ada');
  await page.keyboard.press('Enter');
  const password = form.getByRole('textbox', { name: 'Password', exact: true });
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Password is required')).toBeVisible();
});

test('the forms show the spec messages and send nothing while invalid', async ({ page }) => {
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  // The password rule shows before anything is sent.
  await expect(
    form.getByRole('textbox', { name: 'Password', exact: true }),
  ).toHaveAccessibleDescription('At least 8 characters, with an uppercase letter and a number.');
  await form.getByLabel('Username').fill('ab');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('longenough1');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(form.getByText('Username must be at least 3 characters')).toBeVisible();
  // The focus is taken to the first field to put right, as a browser's own check does.
  await expect(form.getByLabel('Username')).toBeFocused();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Organization is required')).toBeVisible();
  await expect(form.getByText('Invalid email format')).toBeVisible();
  await expect(form.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await expect(page).toHaveURL(/tab=register/);
});

test('a taken username is reported by the Registration failed notice and on the Username field, which has the focus', async ({
  page,
}) => {
  const account = newAccount();
  await registerThroughForm(page, account);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('tab', { name: 'Register' }).click();
  await submitRegistration(page, { ...newAccount(), username: account.username });

  await expect(page.getByText('Registration failed')).toBeVisible();
  await expect(page.getByText('409: Username already exists')).toBeVisible();
  const username = page
    .getByRole('form', { name: 'Register' })
    .getByRole('textbox', { name: /^Username/ });
  await expect(username).toBeFocused();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription(/Username already exists/);
  // Edited, it is no longer said to be wrong.
  await username.press('End');
  await username.pressSequentially('2');
  await expect(username).not.toHaveAttribute('aria-invalid', 'true');
});
