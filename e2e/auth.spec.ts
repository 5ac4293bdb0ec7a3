import { expect, newAccount, registerThroughForm, submitRegistration, test } from './fixtures.ts';

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

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Username').fill(account.username);
  await login.getByLabel('Password').fill(account.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // The session survives a reload: it lives in the cookie, not in the page.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a wrong password shows the Login failed notice with the server message', async ({ page }) => {
  await page.goto('/auth');
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Username').fill('nobody_at_all');
  await login.getByLabel('Password').fill('wrong-password');
  await login.getByRole('button', { name: 'Log in' }).click();

  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('401: Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the forms show the spec messages and send nothing while invalid', async ({ page }) => {
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill('ab');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(form.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Organization is required')).toBeVisible();
  await expect(form.getByText('Invalid email format')).toBeVisible();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page).toHaveURL(/tab=register/);
});

test('a taken username is reported by the Registration failed notice', async ({ page }) => {
  const account = newAccount();
  await registerThroughForm(page, account);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('tab', { name: 'Register' }).click();
  await submitRegistration(page, { ...newAccount(), username: account.username });

  await expect(page.getByText('Registration failed')).toBeVisible();
  await expect(page.getByText('409: Username already exists')).toBeVisible();
});
