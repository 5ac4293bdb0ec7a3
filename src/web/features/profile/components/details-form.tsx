import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import type { CurrentUser } from '../../../../domain/auth.ts';
import { CurrentPasswordInput } from '../../../components/account-inputs.tsx';
import { useUnsavedChanges } from '../../../components/discard-question.ts';
import { showRefusalOnFields } from '../../../lib/field-refusal.ts';
import { followSaved } from '../../../lib/follow-saved.ts';
import { focusIsLost } from '../../../lib/lost-focus.ts';
import { changeWithNotice } from '../../../lib/notify.ts';
import { deferredResolver, useDeferredSubmit } from '../../../lib/zod-resolver.ts';
import { useUpdateProfile } from '../api/profile-api.ts';
import { ProfileSection } from './profile-section.tsx';

const validation = deferredResolver(() =>
  import('../../../../domain/auth.ts').then((m) => m.profileFormSchema),
);

const refusedFields = { email: 'email', currentPassword: 'currentPassword' };

/**
 * One's name and email address. A new address takes the current password (reset links go
 * there), so that field shows only once the address has been changed.
 */
export function DetailsForm({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: { name: user.name, email: user.email, currentPassword: '' },
  });
  useUnsavedChanges(form.isDirty(), form.reset);
  const emailChanged = form.values.email.trim() !== user.email;
  const emailField = useRef<HTMLInputElement>(null);
  /** What had the focus when the last save was asked for: a field, the Save button. */
  const savedFrom = useRef<Element | null>(null);
  /** The name as typed while its save runs: the save writes it as names are written. */
  const sentName = useRef<string | null>(null);
  // A saved change comes back in the user record (so does one made in another tab): the form
  // follows it in place (followSaved), keeping what is typed and not saved, its fields the same,
  // so the focus stays on the field or the button it was saved from. The current password goes
  // with the new address it confirmed: the focus in it goes to the address.
  const follow = ({ name, email }: { name: string; email: string }) => {
    const shown = form.getInitialValues();
    const saved = { name, email, currentPassword: '' };
    form.setInitialValues(saved);
    // What is typed as the record now has it (a save trims it, and makes spaces in a row one)
    // is nothing left to save: the name sent from here, or one with spaces at its ends only.
    const values = form.getValues();
    const asSaved = values.name === sentName.current || values.name.trim() === saved.name;
    const typed = {
      ...values,
      name: asSaved ? saved.name : values.name,
      email:
        values.email.trim().toLowerCase() === saved.email.toLowerCase()
          ? saved.email
          : values.email,
    };
    const followed = followSaved(typed, shown, saved);
    form.setValues(
      followed.email.trim() === saved.email ? { ...followed, currentPassword: '' } : followed,
    );
    // Changed from here on is what differs from what was saved.
    form.resetDirty(saved);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved name and email start it again
  useEffect(() => {
    follow(user);
    const gone = savedFrom.current !== null && !savedFrom.current.isConnected;
    if (gone && focusIsLost()) emailField.current?.focus();
    savedFrom.current = null;
  }, [user.name, user.email]);

  const save = useDeferredSubmit(
    form,
    validation,
    async ({ name, email, currentPassword }, sent) => {
      if (emailChanged && !currentPassword) {
        form.setFieldError('currentPassword', 'Current password is required');
        return;
      }
      savedFrom.current = document.activeElement;
      sentName.current = name;
      // What was changed only: a name saved meanwhile in another tab stays when only the
      // address is changed here.
      const changes = {
        ...(name !== form.getInitialValues().name ? { name } : {}),
        ...(emailChanged ? { email, currentPassword } : {}),
      };
      const refusal = await changeWithNotice(
        async () => {
          // Followed here too: a save that changed nothing the record holds (a name with
          // spaces after it, which the save trims) brings no new user record to follow.
          follow(await update.mutateAsync(changes));
        },
        'Profile updated',
        'Error updating profile',
      );
      // Sent and followed, or refused: a name saved later elsewhere is not this one.
      sentName.current = null;
      // The address is a member's or invited already (409), or the current password is wrong (400).
      showRefusalOnFields(refusal, form, refusedFields, sent);
    },
  );

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
        ref={emailField}
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
