import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_RULE } from '../../../domain/password-rule.ts';
import {
  descriptionOf,
  expectRefusedField,
  fill,
  leavingAsked,
  refusalOf,
  renderPage,
  type SentRequest,
  signedInUser,
} from '../../test/render.tsx';
import { userKeys } from '../auth/api/auth-api.ts';
import ProfilePage from './profile-page.tsx';

function renderProfile() {
  // The signed-in user as the server keeps it: a saved change is read back with the user.
  const me = { ...signedInUser };
  const answer = ({ method, url, body }: SentRequest) => {
    if (method === 'PATCH' && url === '/api/user') {
      const { name } = body as { name?: string };
      Object.assign(me, body, name === undefined ? {} : { name: name.trim() });
      return { body: me };
    }
    if (method === 'POST' && url === '/api/user/password') {
      return { body: { message: 'Your password has been changed.' } };
    }
    return undefined;
  };
  const view = renderPage(<ProfilePage />, { url: '/profile', user: me, answer });
  const changes = () => view.sent.filter((r) => r.method !== 'GET');
  return { changes, queryClient: view.queryClient, user: userEvent.setup({ delay: null }) };
}

const section = async (name: string) => screen.findByRole('form', { name });

describe('the profile page', () => {
  it("changes one's name; Save Changes waits for a change", async () => {
    const { changes, user } = renderProfile();
    const details = await section('Your Details');
    expect(document.title).toBe('Profile · Grantwell');
    const save = within(details).getByRole('button', { name: 'Save Changes' });
    expect(within(details).getByLabelText(/^Email/)).toHaveProperty('value', signedInUser.email);
    expect(save.getAttribute('aria-disabled')).toBe('true');
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

  it('asks before leaving with a change in either form not saved, and not once it is saved', async () => {
    const { user } = renderProfile();
    const details = await section('Your Details');
    const password = await section('Change Password');
    expect(leavingAsked()).toBe(false);
    await fill(user, within(password).getByLabelText(/^Current password/), 'half typed');
    expect(leavingAsked()).toBe(true);
    await fill(user, within(password).getByLabelText(/^Current password/), '');
    expect(leavingAsked()).toBe(false);

    await fill(user, within(details).getByLabelText(/^Name/), 'Rosa L. Parks');
    expect(leavingAsked()).toBe(true);
    await user.click(within(details).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    await waitFor(() => expect(leavingAsked()).toBe(false));
  });

  it('keeps the focus on Save Changes through its save, and shows what was saved', async () => {
    const { user } = renderProfile();
    const details = await section('Your Details');
    await fill(user, within(details).getByLabelText(/^Name/), 'Rosa L. Parks  ');
    const save = within(details).getByRole('button', { name: 'Save Changes' });
    await user.click(save);
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    await waitFor(async () =>
      expect(within(await section('Your Details')).getByLabelText(/^Name/)).toHaveProperty(
        'value',
        'Rosa L. Parks',
      ),
    );
    expect(document.activeElement).toBe(save);
    // Nothing is left to save: the button says so, and keeps the focus all the same.
    expect(save.getAttribute('aria-disabled')).toBe('true');
  });

  it('shows the name as saved when the save only trimmed it: nothing is left to save', async () => {
    const { changes, user } = renderProfile();
    const details = await section('Your Details');
    const name = within(details).getByLabelText(/^Name/);
    await fill(user, name, `${signedInUser.name}  `);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(changes()).toEqual([
      { method: 'PATCH', url: '/api/user', body: { name: `${signedInUser.name}  ` } },
    ]);
    // The record came back as it was: the field shows it, and leaving asks nothing.
    await waitFor(() => expect(name).toHaveProperty('value', signedInUser.name));
    const save = within(details).getByRole('button', { name: 'Save Changes' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect(leavingAsked()).toBe(false);
  });

  it('keeps the focus in the field a save was asked from with Enter', async () => {
    const { changes, user } = renderProfile();
    const details = await section('Your Details');
    await fill(user, within(details).getByLabelText(/^Name/), ' Rosa L. Parks');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    const name = await waitFor(async () => {
      const field = within(await section('Your Details')).getByLabelText(/^Name/);
      expect(field).toHaveProperty('value', 'Rosa L. Parks');
      return field;
    });
    expect(document.activeElement).toBe(name);
    // Enter again, with nothing changed, saves nothing: Enter in a field submits the form through
    // its Save button, which does nothing now, so the form is not submitted at all (a submission
    // would be seen at once, its save only later).
    const submitted = vi.fn();
    (await section('Your Details')).addEventListener('submit', submitted);
    await user.keyboard('{Enter}');
    expect(submitted).not.toHaveBeenCalled();
    expect(changes()).toHaveLength(1);
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
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(changes()).toEqual([
        {
          method: 'PATCH',
          url: '/api/user',
          // The name, not changed, is left out: one saved meanwhile in another tab stays.
          body: { email: 'rosa.parks@example.org', currentPassword: 'Correct-horse-7' },
        },
      ]),
    );
    // Saved, the password goes with the change it confirmed; the focus goes to the address.
    await waitFor(() => expect(current.isConnected).toBe(false));
    expect(document.activeElement).toBe(email);
  });

  it('keeps what is typed while a save is under way, and what is typed when the record comes anew', async () => {
    const { changes, user, queryClient } = renderProfile();
    const details = await section('Your Details');
    const name = within(details).getByLabelText(/^Name/);
    const email = within(details).getByLabelText(/^Email/);
    await fill(user, name, 'Rosa L. Parks');
    await user.click(within(details).getByRole('button', { name: 'Save Changes' }));
    // Typed before the save's answer is read back.
    await fill(user, email, 'rosa.parks@example.org');
    await waitFor(() => expect(changes()).toHaveLength(1));
    await waitFor(() => expect(name).toHaveProperty('value', 'Rosa L. Parks'));
    expect(email).toHaveProperty('value', 'rosa.parks@example.org');
    expect(within(details).getByLabelText(/^Current password/)).toBeTruthy();

    // The record read anew (a name saved in another tab): the name follows, the address stays.
    queryClient.setQueryData(userKeys.current(), { ...signedInUser, name: 'Rosa Parks (Tab)' });
    await waitFor(() => expect(name).toHaveProperty('value', 'Rosa Parks (Tab)'));
    expect(email).toHaveProperty('value', 'rosa.parks@example.org');
  });

  it('keeps a name whose save was refused when another name is saved elsewhere', async () => {
    const view = renderPage(<ProfilePage />, {
      url: '/profile',
      answer: ({ method }) =>
        method === 'PATCH' ? { status: 503, body: { message: 'Try again later' } } : undefined,
    });
    const user = userEvent.setup({ delay: null });
    const name = within(await section('Your Details')).getByLabelText(/^Name/);
    await fill(user, name, 'Rosa  Parks');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Error updating profile')).toBeTruthy();
    // Another tab saves another name: the one typed here, not saved, stays.
    view.queryClient.setQueryData(userKeys.current(), { ...signedInUser, name: 'Ada (Tab)' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(name).toHaveProperty('value', 'Rosa  Parks');
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

describe('the profile page refused by the server for one field', () => {
  /** The page, whose server refuses every change with `status` and `body`. */
  function refusing(status: number, body: unknown) {
    renderPage(<ProfilePage />, {
      url: '/profile',
      answer: ({ method }) => (method === 'GET' ? undefined : { status, body }),
    });
    return userEvent.setup({ delay: null });
  }

  it('a wrong current password is said in the notice and on that field, which has the focus', async () => {
    const message = 'Current password is incorrect';
    const user = refusing(400, refusalOf('currentPassword', message));
    const form = await section('Change Password');
    await fill(user, within(form).getByLabelText(/^Current password/), 'Wrong-horse-7');
    await fill(user, within(form).getByLabelText(/^New password/), 'Brand-new-pass-8');
    await fill(user, within(form).getByLabelText(/^Confirm Password/), 'Brand-new-pass-8');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Error changing password')).toBeTruthy();
    expect(screen.getByText(`400: ${message}`)).toBeTruthy();
    const current = within(form).getByLabelText(/^Current password/);
    await expectRefusedField(current, message);
    await user.type(current, 'x');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).not.toBe('true'));
  });

  it('an address another member has is said in the notice and on Email, which has the focus', async () => {
    const message = 'A member of the organization already has this email address.';
    const user = refusing(409, refusalOf('email', message));
    const details = await section('Your Details');
    await fill(user, within(details).getByLabelText(/^Email/), 'ada@example.org');
    await fill(user, within(details).getByLabelText(/^Current password/), 'Correct-horse-7');
    await user.click(within(details).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Error updating profile')).toBeTruthy();
    expect(screen.getByText(`409: ${message}`)).toBeTruthy();
    await expectRefusedField(within(details).getByLabelText(/^Email/), message);
  });
});
