import {
  Alert,
  Anchor,
  Button,
  Modal,
  PasswordInput,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import {
  type InvitationInput,
  invitationInputSchema,
  type NewUserInput,
  newUserSchema,
  roles,
  strongPasswordSchema,
  type TeamMember,
} from '../../../../domain/company.ts';
import { AccountPasswordInput, UsernameInput } from '../../../components/account-inputs.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useAddUser, useInvite, useResetPassword } from '../api/company-api.ts';

const roleOptions = roles.map((role) => ({
  value: role,
  label: role === 'admin' ? 'Admin' : 'User',
}));

export function InviteUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useInvite();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const form = useForm<InvitationInput>({
    initialValues: { name: '', email: '', role: 'user' },
    validate: zodResolver(invitationInputSchema),
  });
  const close = () => {
    form.reset();
    setPreviewUrl(null);
    onClose();
  };
  const send = form.onSubmit(async (values) => {
    try {
      const created = await invite.mutateAsync(values);
      notifySuccess('Invitation sent');
      if (created.previewUrl) setPreviewUrl(created.previewUrl);
      else close();
    } catch (error) {
      notifyError('Error sending invitation', errorMessage(error));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Invite User">
      {previewUrl ? (
        <Stack>
          <Alert color="yellow" title="Email not delivered">
            Development mode does not deliver emails. Share this invitation link instead:
          </Alert>
          <Anchor href={previewUrl} style={{ wordBreak: 'break-all' }}>
            {previewUrl}
          </Anchor>
          <Button onClick={close}>Done</Button>
        </Stack>
      ) : (
        <form onSubmit={send} noValidate>
          <Stack>
            <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
            <Select
              label="Role"
              placeholder="Please select a role"
              withAsterisk
              allowDeselect={false}
              data={roleOptions}
              {...form.getInputProps('role')}
            />
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Sending...' : 'Send Invitation'}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export function AddUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const add = useAddUser();
  const form = useForm<NewUserInput>({
    initialValues: { name: '', email: '', username: '', password: '', role: 'user' },
    validate: zodResolver(newUserSchema),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const save = form.onSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      notifySuccess('User created');
      close();
    } catch (error) {
      notifyError('Error creating user', errorMessage(error));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Add New User">
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
          <UsernameInput autoComplete="off" {...form.getInputProps('username')} />
          <AccountPasswordInput {...form.getInputProps('password')} />
          <Select
            label="Role"
            allowDeselect={false}
            data={roleOptions}
            {...form.getInputProps('role')}
          />
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Saving...' : 'Add User'}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

const resetFormSchema = z.object({ newPassword: strongPasswordSchema });

export function ResetPasswordDialog({
  member,
  onClose,
}: {
  member: TeamMember | null;
  onClose: () => void;
}) {
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { newPassword: '' },
    validate: zodResolver(resetFormSchema),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const save = form.onSubmit(async ({ newPassword }) => {
    if (!member) return;
    try {
      await reset.mutateAsync({ userId: member.id, newPassword });
      notifySuccess('Password reset', `${member.name} must sign in again with the new password.`);
      close();
    } catch (error) {
      notifyError('Error resetting password', errorMessage(error));
    }
  });

  return (
    <Modal opened={member !== null} onClose={close} title="Reset Password">
      <form onSubmit={save} noValidate>
        <Stack>
          <PasswordInput
            label={`New password for ${member?.name ?? ''}`}
            description="At least 8 characters, with an uppercase letter and a number."
            withAsterisk
            autoComplete="new-password"
            data-autofocus
            {...form.getInputProps('newPassword')}
          />
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Reset Password'}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
