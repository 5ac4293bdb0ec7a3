import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { byPath, renderPage } from '../../test/render.tsx';
import AcceptInvitationPage from './accept-invitation-page.tsx';

const lookup = '/api/invitations/abc123';

describe('the accept-invitation page', () => {
  it.each([
    ['no token', '/accept-invitation', {}, 'This invitation link is invalid or expired.'],
    [
      'loading',
      '/accept-invitation?token=abc123',
      { [lookup]: { body: {}, after: new Promise(() => {}) } },
      'Loading invitation details...',
    ],
    [
      'a load error',
      '/accept-invitation?token=abc123',
      { [lookup]: { status: 404, body: { message: 'Invitation not found' } } },
      '404: Invitation not found',
    ],
    [
      'an invitation no longer pending',
      '/accept-invitation?token=abc123',
      { [lookup]: { body: { status: 'accepted', companyName: 'Community Trust', role: 'user' } } },
      'This invitation has already been accepted.',
    ],
  ])('has Go to Login in its %s state', async (_state, url, answers, text) => {
    const user = userEvent.setup({ delay: null });
    renderPage(<AcceptInvitationPage />, { url, user: null, answer: byPath(answers) });
    expect(await screen.findByText(text)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth'));
  });
});
