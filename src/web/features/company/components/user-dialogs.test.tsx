import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  byPath,
  descriptionOf,
  expectOpenUntilSaved,
  expectRefusedField,
  fill,
  refusalOf,
  renderPage,
  signedInUser,
  slowAnswer,
} from '../../../test/render.tsx';
import { AddUserDialog, InviteUserDialog, ResetPasswordDialog } from './user-dialogs.tsx';

/** A dialog as the team tab opens it: closing it hides it. */
function Opened({ dialog: Dialog }: { dialog: typeof AddUserDialog }) {
  const [opened, setOpened] = useState(true);
  return <Dialog opened={opened} onClose={() => setOpened(false)} />;
}

/** The dialog on a page whose server answers `url` only once `answer()` is called. */
function openedWithSlowSave(dialog: typeof AddUserDialog, url: string, body: unknown) {
  const { answered, answer } = slowAnswer();
  renderPage(<Opened dialog={dialog} />, {
    answer: byPath({ [url]: { status: 201, body, after: answered } }),
  });
  return answer;
}

/**
 * Checks that the fields of `dialog` named by `labels` are read-only, and that its Role cannot be
 * changed from the keyboard (a role box is never typed in, so it is read-only in any case).
 */
async function expectReadOnly(user: UserEvent, dialog: HTMLElement, labels: RegExp[]) {
  expect(
    labels.map((label) => within(dialog).getByLabelText<HTMLInputElement>(label).readOnly),
  ).toEqual(labels.map(() => true));
  const role = within(dialog).getByRole<HTMLInputElement>('combobox', { name: /^Role/ });
  role.focus();
  await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
  expect(role.value).toBe('User');
}

/** Add New User filled in for Uma and sent. */
async function addUma() {
  const user = userEvent.setup({ delay: null });
  const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
  await fill(user, within(dialog).getByLabelText(/^Name/), 'Uma User');
  await fill(user, within(dialog).getByLabelText(/^Email/), 'uma@example.org');
  await fill(user, within(dialog).getByLabelText(/^Username/), 'uma');
  await fill(user, within(dialog).getByLabelText(/^Password/), 'Str0ng-pass!');
  await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
  return { user, dialog };
}

describe("the team's dialogs", () => {
  /** Add New User filled in and saved, its answer held until `answer` is called. */
  async function savingNewUser() {
    const answer = openedWithSlowSave(AddUserDialog, '/api/organization/users', {
      ...signedInUser,
      id: 12,
      name: 'Uma User',
    });
    const { user, dialog } = await addUma();
    return { answer, user, dialog };
  }

  it('Add New User stays open while it saves (a second one is not closed by the first)', async () => {
    const { answer, user, dialog } = await savingNewUser();
    await expectOpenUntilSaved(user, dialog, answer, 'User created');
  });

  it('Add New User keeps its fields read-only while it saves: nothing typed then is lost', async () => {
    const { answer, user, dialog } = await savingNewUser();
    await within(dialog).findByRole('button', { name: 'Saving...' });
    await expectReadOnly(user, dialog, [/^Name/, /^Email/, /^Username/, /^Password/]);
    const name = within(dialog).getByLabelText<HTMLInputElement>(/^Name/);
    await user.type(name, ' Jr');
    expect(name.value).toBe('Uma User');
    answer();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  /** Invite User filled in and sent, its answer held until `answer` is called. */
  async function sendingInvitation() {
    const answer = openedWithSlowSave(InviteUserDialog, '/api/organization/invitations', {
      id: 3,
      name: 'Ines Invitee',
      email: 'ines@example.org',
      role: 'user',
      emailed: true,
      previewUrl: null,
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Ines Invitee');
    await fill(user, within(dialog).getByLabelText(/^Email/), 'ines@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    return { answer, user, dialog };
  }

  it('Invite User keeps its fields read-only while it sends', async () => {
    const { answer, user, dialog } = await sendingInvitation();
    await within(dialog).findByRole('button', { name: 'Sending...' });
    await expectReadOnly(user, dialog, [/^Name/, /^Email/]);
    answer();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Invite User stays open while it sends, and shows what became of it', async () => {
    const { answer, user, dialog } = await sendingInvitation();
    await expectOpenUntilSaved(user, dialog, answer, 'Invitation sent');
  });
});

describe.each([
  ['Add New User', AddUserDialog],
  ['Invite User', InviteUserDialog],
] as const)('%s, closed with something typed', (title, dialog) => {
  it('asks to discard it first: Cancel keeps it, Discard closes', async () => {
    renderPage(<Opened dialog={dialog} />);
    const user = userEvent.setup({ delay: null });
    const opened = await screen.findByRole('dialog', { name: title });
    await fill(user, within(opened).getByLabelText(/^Name/), 'Uma User');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull(),
    );
    expect(within(opened).getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Uma User');
    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
  });

  it('asks too when only the role was changed', async () => {
    renderPage(<Opened dialog={dialog} />);
    const user = userEvent.setup({ delay: null });
    const opened = await screen.findByRole('dialog', { name: title });
    await user.click(within(opened).getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Admin', hidden: true }));
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeTruthy();
  });

  it('Reset Password asks before losing what was typed, and keeps its field read-only while it saves', async () => {
    const member = { id: 9, name: 'Uma User', email: 'uma@example.org', username: 'uma' };
    const { answered, answer } = slowAnswer();
    function Resetting() {
      const [open, setOpen] = useState(true);
      return (
        <ResetPasswordDialog
          member={open ? { ...member, role: 'user' } : null}
          onClose={() => setOpen(false)}
        />
      );
    }
    renderPage(<Resetting />, {
      answer: byPath({
        '/api/organization/users/reset-password': { body: { message: 'ok' }, after: answered },
      }),
    });
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    const field = within(dialog).getByLabelText<HTMLInputElement>(/^New password for Uma User/);
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.keyboard('Str0ng-pass!');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(field.value).toBe('Str0ng-pass!');

    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    await within(dialog).findByRole('button', { name: 'Saving...' });
    expect(field.readOnly).toBe(true);
    answer();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reset Password' })).toBeNull(),
    );
  });
});

describe("the team's dialogs refused by the server for one field", () => {
  it('Add New User: a username taken is said in the notice and on the field, which has the focus', async () => {
    renderPage(<Opened dialog={AddUserDialog} />, {
      answer: byPath({
        '/api/organization/users': {
          status: 409,
          body: refusalOf('username', 'Username already exists'),
        },
      }),
    });
    const { user, dialog } = await addUma();

    expect(await screen.findByText('Error creating user')).toBeTruthy();
    expect(screen.getByText('409: Username already exists')).toBeTruthy();
    const username = within(dialog).getByLabelText(/^Username/);
    await expectRefusedField(username, 'Username already exists');
    expect(
      within(dialog)
        .getByLabelText(/^Email/)
        .getAttribute('aria-invalid'),
    ).not.toBe('true');
    // Edited, the field is no longer said to be wrong.
    await user.type(username, '2');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).not.toBe('true'));
    expect(descriptionOf(username)).not.toContain('Username already exists');
  });

  it('Invite User: an address a member has is said in the notice and on the Email field, which has the focus', async () => {
    const message = 'A member of the organization already has this email address.';
    renderPage(<Opened dialog={InviteUserDialog} />, {
      answer: byPath({
        '/api/organization/invitations': { status: 409, body: refusalOf('email', message) },
      }),
    });
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Ines Invitee');
    await fill(user, within(dialog).getByLabelText(/^Email/), 'ines@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    expect(await screen.findByText('Error sending invitation')).toBeTruthy();
    expect(screen.getByText(`409: ${message}`)).toBeTruthy();
    await expectRefusedField(within(dialog).getByLabelText(/^Email/), message);
  });
});
