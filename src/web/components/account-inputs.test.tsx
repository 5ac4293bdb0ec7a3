import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE } from '../../domain/password-rule.ts';
import { RegisterForm } from '../features/auth/components/register-form.tsx';
import {
  AddUserDialog,
  ResetPasswordDialog,
} from '../features/company/components/user-dialogs.tsx';
import AcceptInvitationPage from '../features/invitations/accept-invitation-page.tsx';
import { PasswordForm } from '../features/profile/components/password-form.tsx';
import { descriptionOf, renderPage } from '../test/render.tsx';
import { ConfirmPasswordInput, CurrentPasswordInput, NewPasswordInput } from './account-inputs.tsx';

const member = {
  id: 9,
  name: 'Uma User',
  email: 'uma@example.org',
  username: 'uma',
  role: 'user' as const,
};

/*
 * Wherever a password is set, the rule shows under the field before anything is typed or sent,
 * and it is the rule the server holds every new password to.
 */

/** The invitation acceptance form, for a pending invitation to Community Trust. */
const invitationForm = () =>
  renderPage(<AcceptInvitationPage />, {
    url: '/accept-invitation?token=abc',
    user: null,
    answer: ({ url }) =>
      url === '/api/invitations/abc'
        ? { body: { status: 'pending', companyName: 'Community Trust', role: 'user' } }
        : undefined,
  });

describe('a new password field', () => {
  it('on the register form', async () => {
    renderPage(<RegisterForm />, { user: null });
    expect(descriptionOf(await screen.findByLabelText(/^Password/))).toBe(PASSWORD_RULE);
  });

  it('in the Add New User dialog', async () => {
    renderPage(<AddUserDialog opened onClose={() => {}} />);
    expect(descriptionOf(await screen.findByLabelText(/^Password/))).toBe(PASSWORD_RULE);
  });

  it("in an admin's Reset Password dialog", async () => {
    renderPage(<ResetPasswordDialog member={member} onClose={() => {}} />);
    expect(descriptionOf(await screen.findByLabelText(/^New password for Uma User/))).toBe(
      PASSWORD_RULE,
    );
  });

  it('on the invitation acceptance form', async () => {
    invitationForm();
    expect(descriptionOf(await screen.findByLabelText(/^Password/))).toBe(PASSWORD_RULE);
  });
});

describe('a password field with an error', () => {
  it.each([
    ['new', NewPasswordInput],
    ['current', CurrentPasswordInput],
    ['confirmed', ConfirmPasswordInput],
  ])('is marked invalid (%s), and not before', (_, Field) => {
    renderPage(
      <>
        <Field label="Untouched" />
        <Field label="Refused" error="Password is required" />
      </>,
    );
    expect(screen.getByLabelText(/^Untouched/).getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByLabelText(/^Refused/).getAttribute('aria-invalid')).toBe('true');
  });
});

/*
 * A form with several password fields has as many eye buttons: each is named for its field, so
 * a screen reader tells which password it shows.
 */
describe("a password field's eye button", () => {
  const toggleNames = (form: HTMLElement) =>
    within(form)
      .getAllByRole('button', { name: /^Show / })
      .map((button) => button.getAttribute('aria-label'));

  it('on the Change Password form', async () => {
    renderPage(<PasswordForm />);
    const form = await screen.findByRole('form', { name: 'Change Password' });
    expect(toggleNames(form)).toEqual([
      'Show Current password',
      'Show New password',
      'Show Confirm Password',
    ]);
  });

  it('on the invitation acceptance form', async () => {
    invitationForm();
    await screen.findByLabelText(/^Confirm Password/);
    expect(toggleNames(document.body)).toEqual(['Show Password', 'Show Confirm Password']);
  });
});
