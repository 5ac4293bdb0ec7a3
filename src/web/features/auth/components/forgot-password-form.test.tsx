import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, renderPage, type SentRequest } from '../../../test/render.tsx';
import { AuthPage } from './auth-page.tsx';

const SENT =
  'If an account matches, we have emailed a link to reset its password. The link works for one hour.';

/** The sign-in page, signed out, on a server that can (or cannot) email reset links. */
function renderSignIn(byEmail: boolean) {
  const answer = ({ method, url }: SentRequest) => {
    if (url !== '/api/password-reset') return undefined;
    return method === 'GET' ? { body: { byEmail } } : { status: 202, body: { message: SENT } };
  };
  const view = renderPage(<AuthPage />, { url: '/auth', user: null, answer });
  const requests = () => view.sent.filter((r) => r.method === 'POST');
  return { requests };
}

async function openForgotPassword() {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
  return user;
}

describe("'Forgot password?' on the sign-in form", () => {
  it('asks for a username or email, sends it, and says a link is on its way', async () => {
    const { requests } = renderSignIn(true);
    const user = await openForgotPassword();
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();

    // The form loads when asked for.
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Username or email is required')).toBeTruthy();
    expect(requests()).toEqual([]);

    await fill(user, screen.getByLabelText(/^Username or email/), 'rosa@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(requests()).toEqual([
      { method: 'POST', url: '/api/password-reset', body: { usernameOrEmail: 'rosa@example.org' } },
    ]);

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByRole('form', { name: 'Log in' })).toBeTruthy();
  });

  it('without an email server, says to ask an admin and offers no form', async () => {
    const { requests } = renderSignIn(false);
    await openForgotPassword();
    expect(
      await screen.findByText(/^Password reset by email is not available here\. Ask an admin/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send reset link' })).toBeNull();
    await waitFor(() => expect(requests()).toEqual([]));
  });

  it('moves the focus with the keyboard: to the field, to the notice, and back to the username kept', async () => {
    renderSignIn(true);
    const user = userEvent.setup({ delay: null });
    const logIn = await screen.findByRole('form', { name: 'Log in' });
    await fill(user, within(logIn).getByLabelText(/^Username/), 'rosa');
    screen.getByRole('button', { name: 'Forgot password?' }).focus();
    await user.keyboard('{Enter}');
    const field = await screen.findByLabelText(/^Username or email/);
    await waitFor(() => expect(document.activeElement).toBe(field));

    await user.paste('rosa@example.org');
    await user.keyboard('{Enter}');
    const notice = await screen.findByRole('status', { name: 'Check your email' });
    await waitFor(() => expect(document.activeElement).toBe(notice));

    screen.getByRole('button', { name: 'Back to Login' }).focus();
    await user.keyboard('{Enter}');
    const back = await screen.findByRole('form', { name: 'Log in' });
    const username = within(back).getByLabelText(/^Username/);
    expect(username).toHaveProperty('value', 'rosa');
    await waitFor(() => expect(document.activeElement).toBe(username));
  });

  it('without an email server, gives the focus to the notice that says to ask an admin', async () => {
    renderSignIn(false);
    const user = userEvent.setup({ delay: null });
    screen.getByRole('button', { name: 'Forgot password?' }).focus();
    await user.keyboard('{Enter}');
    const notice = await screen.findByRole('status', { name: 'Ask an admin' });
    await waitFor(() => expect(document.activeElement).toBe(notice));
  });
});
