import { Select, type SelectProps, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  type InvitationInput,
  type InvitationLink,
  invitationInputSchema,
  type NewUserInput,
  newUserSchema,
  resetPasswordSchema,
  roles,
  type TeamMember,
} from '../../../../domain/company.ts';
import { roleLabel } from '../../../../domain/wording.ts';
import { NewPasswordInput, UsernameInput } from '../../../components/account-inputs.tsx';
import { useDialogForm } from '../../../components/dialog-form.ts';
import type { DialogFormProps } from '../../../components/dialog-save.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { SaveButton } from '../../../components/save-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useOneAtATime } from '../../../lib/one-at-a-time.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useAddUser, useInvite, useResetPassword } from '../api/company-api.ts';
import { InvitationLinkPanel } from './invitation-link.tsx';

const roleOptions = roles.map((role) => ({ value: role, label: roleLabel(role) }));

/** The role a new member of the team gets: one of the roles, never none. */
function RoleSelect(props: Omit<SelectProps, 'label' | 'data' | 'allowDeselect'>) {
  return <Select label="Role" allowDeselect={false} data={roleOptions} {...props} />;
}

/**
 * 'Invite User': a new member's name, email and role; the invitation is emailed, or, without an
 * email server, its link is shown for the admin to send.
 */
export function InviteUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useInvite();
  // Without an email server nothing was sent: the admin gets the link to send themselves.
  const [unsent, setUnsent] = useState<(InvitationLink & { name: string }) | null>(null);
  const close = () => {
    setUnsent(null);
    onClose();
  };
  const send = useOneAtATime(async (values: InvitationInput): Promise<unknown> => {
    try {
      const created = await invite.mutateAsync(values);
      if (created.emailed || !created.previewUrl) {
        notifySuccess('Invitation sent');
        close();
      } else {
        setUnsent({ name: created.name, link: created.previewUrl, expiresAt: created.expiresAt });
      }
    } catch (error) {
      notifyError('Error sending invitation', errorMessage(error));
      return error;
    }
  });

  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title="Invite User"
      saving={invite.isPending}
      done={
        unsent && (
          <InvitationLinkPanel
            title="No email was sent"
            link={unsent.link}
            expiresAt={unsent.expiresAt}
            onDone={close}
          >
            No email server is configured, so Grantwell could not email {unsent.name}. The
            invitation is saved: send them this link yourself.
          </InvitationLinkPanel>
        )
      }
    >
      <InviteUserForm onSubmit={send} pending={invite.isPending} />
    </FormDialog>
  );
}

/** What the Invite User dialog's form holds: a new one each time the dialog opens. */
function InviteUserForm({ onSubmit, pending }: DialogFormProps<InvitationInput>) {
  const form = useDialogForm<InvitationInput>(
    {
      initialValues: { name: '', email: '', role: 'user' },
      validate: zodResolver(invitationInputSchema),
    },
    // A member, or a pending invitation, has the address already (409).
    { email: 'email' },
  );
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack>
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
        <RoleSelect
          placeholder="Please select a role"
          withAsterisk
          {...form.getInputProps('role')}
        />
        <SaveButton pending={pending} pendingLabel="Sending...">
          Send Invitation
        </SaveButton>
      </Stack>
    </form>
  );
}

/** 'Add New User': a new member of the team, with the username and password they sign in with. */
export function AddUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const add = useAddUser();
  const save = useOneAtATime(async (values: NewUserInput): Promise<unknown> => {
    try {
      await add.mutateAsync(values);
      notifySuccess('User created');
      onClose();
    } catch (error) {
      notifyError('Error creating user', errorMessage(error));
      return error;
    }
  });

  return (
    <FormDialog opened={opened} onClose={onClose} title="Add New User" saving={add.isPending}>
      <AddUserForm onSubmit={save} pending={add.isPending} />
    </FormDialog>
  );
}

/** What the Add New User dialog's form holds: a new one each time the dialog opens. */
function AddUserForm({ onSubmit, pending }: DialogFormProps<NewUserInput>) {
  const form = useDialogForm<NewUserInput>(
    {
      initialValues: { name: '', email: '', username: '', password: '', role: 'user' },
      validate: zodResolver(newUserSchema),
    },
    // Taken (409): the username by anyone's, the address by a member's.
    { username: 'username', email: 'email' },
  );
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack>
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
        <UsernameInput autoComplete="off" {...form.getInputProps('username')} />
        <NewPasswordInput {...form.getInputProps('password')} />
        <RoleSelect {...form.getInputProps('role')} />
        <SaveButton pending={pending}>Add User</SaveButton>
      </Stack>
    </form>
  );
}

const resetFormSchema = resetPasswordSchema.pick({ newPassword: true });

/**
 * 'Reset Password' of a member of the team (none: closed): a new password, after which they
 * must sign in again. As the other dialogs, it asks before losing what was typed and keeps its
 * field read-only while it saves.
 */
export function ResetPasswordDialog({
  member,
  onClose,
}: {
  member: TeamMember | null;
  onClose: () => void;
}) {
  const reset = useResetPassword();
  const opened = member !== null;
  const save = useOneAtATime(async ({ newPassword }: { newPassword: string }) => {
    if (!member) return;
    try {
      await reset.mutateAsync({ userId: member.id, newPassword });
      notifySuccess(
        'Password reset',
        `${member.name} must sign in again with the new password; their calendar address, if they had one, stops working.`,
      );
      onClose();
    } catch (error) {
      notifyError('Error resetting password', errorMessage(error));
    }
  });

  return (
    <FormDialog opened={opened} onClose={onClose} title="Reset Password" saving={reset.isPending}>
      {member && <ResetPasswordForm name={member.name} onSubmit={save} pending={reset.isPending} />}
    </FormDialog>
  );
}

/** What the Reset Password dialog's form holds: a new one each time the dialog opens. */
function ResetPasswordForm({
  name,
  onSubmit,
  pending,
}: DialogFormProps<{ newPassword: string }> & { name: string }) {
  const form = useDialogForm({
    initialValues: { newPassword: '' },
    validate: zodResolver(resetFormSchema),
  });
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack>
        <NewPasswordInput
          label={`New password for ${name}`}
          data-autofocus
          {...form.getInputProps('newPassword')}
        />
        <SaveButton pending={pending}>Reset Password</SaveButton>
      </Stack>
    </form>
  );
}
