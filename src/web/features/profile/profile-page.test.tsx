import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE } from '../../../domain/password-rule.ts';
import {
  descriptionOf,
  fill,
  renderPage,
  type SentRequest,
  signedInUser,
} from '../../test/render.tsx';
import ProfilePage from './profile-page.tsx';

function renderProfile() {
  const answer = ({ method, url, body }: SentRequest) => {
    if (method === 'PATCH' && url === '/api/user') {
      return { body: { ...signedInUser, ...(body as object) } };
    }
    if (method === 'POST' && url === '/api/user/password') {
      return { body: { message: 'Your password has been changed.' } };
    }
    return undefined;
  };
  const view = renderPage(<ProfilePage />, { url: '/profile', answer });
  const changes = () => view.sent.filter((r) => r.method !== 'GET');
  return { changes, user: userEvent.setup({ delay: null }) };
}

const section = async (name: string) => screen.findByRole('form', { name });

describe('the profile page', () => {
  it("changes one's name; Save Changes waits for a change", async () => {
    const { changes, user } = renderProfile();
    const details = await section('Your Details');
    expect(document.title).toBe('Profile · Grantwell');
    const save = within(details).getByRole('button', { name: 'Save Changes' });
    expect(within(details).getByLabelText(/^Email/)).toHaveProperty('value', signedInUser.email);
    expect(save).toHaveProperty('disabled', true);
    // The current password is asked for only with a new email address.
    expect(within(details).queryByLabelText(/^Current password/)).toBeNull();

    const name = within(details).getByLabelText(/^Name/);
    await fill(user, name, 'Rosa L. Parks');
    await user.click(save);
    await waitFor(() =>
      expect(changes()).toEqual([
        { method: 'PATCH', url: '/api/user', body: { name: 'Rosa L. Parks' } },
      ]),
    );
  });

  it('a new email address takes the current password', async () => {
    const { changes, user } = renderProfile();
    const details = await section('Your Details');
    const email = within(details).getByLabelText(/^Email/);
    await fill(user, email, 'rosa.parks@example.org');
    const current = within(details).getByLabelText(/^Current password/);
    await user.click(within(details).getByRole('button', { name: 'Save Changes' }));
    expect(await within(details).findByText('Current password is required')).toBeTruthy();
    expect(changes()).toEqual([]);

    await fill(user, current, 'Correct-horse-7');
    await user.click(within(details).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(changes()).toEqual([
        {
          method: 'PATCH',
          url: '/api/user',
          body: {
            name: signedInUser.name,
            email: 'rosa.parks@example.org',
            currentPassword: 'Correct-horse-7',
          },
        },
      ]),
    );
  });

  it('changes the password: the rule shows first, the new one is typed twice', async () => {
    const { changes, user } = renderProfile();
    const form = await section('Change Password');
    const password = within(form).getByLabelText(/^New password/);
    expect(descriptionOf(password)).toBe(PASSWORD_RULE);

    await fill(user, within(form).getByLabelText(/^Current password/), 'Correct-horse-7');
    await fill(user, password, 'Brand-new-pass-9');
    await fill(user, within(form).getByLabelText(/^Confirm Password/), 'Brand-new-pass-8');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText('Passwords do not match')).toBeTruthy();
    expect(changes()).toEqual([]);

    await fill(user, within(form).getByLabelText(/^Confirm Password/), 'Brand-new-pass-9');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    await waitFor(() =>
      expect(changes()).toEqual([
        {
          method: 'POST',
          url: '/api/user/password',
          body: { currentPassword: 'Correct-horse-7', newPassword: 'Brand-new-pass-9' },
        },
      ]),
    );
  });
});
