import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ConfirmPasswordInput,
  CurrentPasswordInput,
  NewPasswordInput,
} from '../../../components/account-inputs.tsx';
import { useUnsavedChanges } from '../../../components/discard-question.ts';
import { showRefusalOnFields } from '../../../lib/field-refusal.ts';
import { changeWithNotice } from '../../../lib/notify.ts';
import { deferredResolver, useDeferredSubmit } from '../../../lib/zod-resolver.ts';
import { useChangePassword } from '../api/profile-api.ts';
import { ProfileSection } from './profile-section.tsx';

const validation = deferredResolver(() =>
  import('../../../../domain/auth.ts').then((m) => m.passwordChangeFormSchema),
);

/** A new password, with the current one; every other session of the user then ends. */
export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  useUnsavedChanges(form.isDirty(), form.reset);
  const save = useDeferredSubmit(form, validation, async ({ currentPassword, password }, sent) => {
    const refusal = await changeWithNotice(
      async () => {
        const answer = await change.mutateAsync({ currentPassword, newPassword: password });
        form.reset();
        return answer;
      },
      'Password changed',
      'Error changing password',
    );
    // The current password is wrong (400).
    showRefusalOnFields(refusal, form, { currentPassword: 'currentPassword' }, sent);
  });

  return (
    <ProfileSection
      label="Change Password"
      onSubmit={save}
      submitLabel="Change Password"
      pending={change.isPending}
    >
      <Text size="sm" c="dimmed">
        You stay signed in here; everywhere else you will have to sign in again.
      </Text>
      <CurrentPasswordInput label="Current password" {...form.getInputProps('currentPassword')} />
      <NewPasswordInput label="New password" {...form.getInputProps('password')} />
      <ConfirmPasswordInput {...form.getInputProps('confirmPassword')} />
    </ProfileSection>
  );
}
