import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE } from '../../../domain/password-rule.ts';
import { descriptionOf, fill, renderPage } from '../../test/render.tsx';
import ResetPasswordPage from './reset-password-page.tsx';

function renderResetPage(url: string) {
  const view = renderPage(<ResetPasswordPage />, {
    url,
    user: null,
    answer: ({ url }) =>
      url === '/api/password-reset/confirm'
        ? { body: { message: 'Your password has been reset. Please log in with it.' } }
        : undefined,
  });
  return { resets: () => view.sent.filter((r) => r.method === 'POST') };
}

describe('the page an emailed reset link opens', () => {
  it('shows the rule, checks the two passwords, and sends the new one with the token', async () => {
    const user = userEvent.setup({ delay: null });
    const { resets } = renderResetPage('/reset-password?token=tok_123');
    const password = await screen.findByLabelText(/^New password/);
    expect(document.title).toBe('Reset Password · Grantwell');
    expect(descriptionOf(password)).toBe(PASSWORD_RULE);

    await fill(user, password, 'lowercase-only1');
    await fill(user, screen.getByLabelText(/^Confirm Password/), 'something-else');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    // The form's schema loads with the first check.
    expect(
      await screen.findByText('Password must contain at least one uppercase letter'),
    ).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(resets()).toEqual([]);

    await fill(user, password, 'Fresh-start-42');
    await fill(user, screen.getByLabelText(/^Confirm Password/), 'Fresh-start-42');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await waitFor(() =>
      expect(resets()).toEqual([
        {
          method: 'POST',
          url: '/api/password-reset/confirm',
          body: { token: 'tok_123', password: 'Fresh-start-42' },
        },
      ]),
    );
  });

  it('without a token, says the link is invalid', async () => {
    renderResetPage('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Invalid Link' })).toBeTruthy();
    expect(document.title).toBe('Reset Password · Grantwell');
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeTruthy();
  });
});
