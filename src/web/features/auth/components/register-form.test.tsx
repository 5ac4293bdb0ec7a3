import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  expectRefusedField,
  fill,
  refusalOf,
  renderPage,
  signedInUser,
} from '../../../test/render.tsx';
import { AuthPage } from './auth-page.tsx';

/** The registration form, every field filled in as Rosa Parks would. */
async function filledIn() {
  const user = userEvent.setup({ delay: null });
  const form = within(await screen.findByRole('form', { name: 'Register' }));
  await fill(user, form.getByLabelText(/^Username/), 'rosa');
  await fill(user, form.getByLabelText(/^Full Name/), 'Rosa Parks');
  await fill(user, form.getByLabelText(/^Organization/), 'Community Trust');
  await fill(user, form.getByLabelText(/^Email/), 'rosa@example.org');
  await fill(user, form.getByLabelText(/^Password/), 'Correct-horse-9');
  return { user, form };
}

describe('the registration form', () => {
  it('registers once when Create account is clicked twice, and says so', async () => {
    const view = renderPage(<AuthPage />, {
      url: '/auth?tab=register',
      user: null,
      answer: ({ url }) =>
        url === '/api/register' ? { status: 201, body: signedInUser } : undefined,
    });
    const { user, form } = await filledIn();
    await user.dblClick(form.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Registration successful')).toBeTruthy();
    await waitFor(() =>
      expect(view.sent.filter((request) => request.url === '/api/register')).toHaveLength(1),
    );
    // With the browser's time zone, the new company's.
    expect(view.sent.find((request) => request.url === '/api/register')?.body).toMatchObject({
      username: 'rosa',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(screen.queryByText('Registration failed')).toBeNull();
  });
});

describe('the registration form refused for a username taken', () => {
  it('says so in the notice and on the Username field, which has the focus until it is edited', async () => {
    renderPage(<AuthPage />, {
      url: '/auth?tab=register',
      user: null,
      answer: ({ url }) =>
        url === '/api/register'
          ? { status: 409, body: refusalOf('username', 'Username already exists') }
          : undefined,
    });
    const { user, form } = await filledIn();
    await user.click(form.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Registration failed')).toBeTruthy();
    expect(screen.getByText('409: Username already exists')).toBeTruthy();
    const username = form.getByLabelText(/^Username/);
    await expectRefusedField(username, 'Username already exists');
    await user.type(username, '2');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).not.toBe('true'));
  });
});
