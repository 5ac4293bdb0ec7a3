import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CurrentUser } from '../../../../domain/auth.ts';
import { CurrentPasswordInput } from '../../../components/account-inputs.tsx';
import { changeWithNotice } from '../../../lib/notify.ts';
import { deferredResolver, useDeferredSubmit } from '../../../lib/zod-resolver.ts';
import { useUpdateProfile } from '../api/profile-api.ts';
import { ProfileSection } from './profile-section.tsx';

const validation = deferredResolver(() =>
  import('../../../../domain/auth.ts').then((m) => m.profileFormSchema),
);

/**
 * One's name and email address. A new address takes the current password (reset links go
 * there), so that field shows only once the address has been changed.
 */
export function DetailsForm({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: { name: user.name, email: user.email, currentPassword: '' },
  });
  const emailChanged = form.values.email.trim() !== user.email;

  const save = useDeferredSubmit(form, validation, async ({ name, email, currentPassword }) => {
    if (emailChanged && !currentPassword) {
      form.setFieldError('currentPassword', 'Current password is required');
      return;
    }
    // The page shows the saved user afresh once the change is read back.
    const changes = emailChanged ? { name, email, currentPassword } : { name };
    await changeWithNotice(
      () => update.mutateAsync(changes),
      'Profile updated',
      'Error updating profile',
    );
  });

  return (
    <ProfileSection
      label="Your Details"
      onSubmit={save}
      submitLabel="Save Changes"
      pending={update.isPending}
      disabled={!form.isDirty()}
    >
      <TextInput label="Name" withAsterisk autoComplete="name" {...form.getInputProps('name')} />
      <TextInput
        label="Email"
        type="email"
        withAsterisk
        autoComplete="email"
        {...form.getInputProps('email')}
      />
      {emailChanged && (
        <CurrentPasswordInput
          label="Current password"
          description="Needed to change your email address: password reset links go there."
          {...form.getInputProps('currentPassword')}
        />
      )}
    </ProfileSection>
  );
}
