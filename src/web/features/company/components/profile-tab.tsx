import { Alert, Card, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CompanyProfile } from '../../../../domain/company.ts';
import {
  type CompanyProfileFormValues,
  companyProfilePayload,
} from '../../../../domain/form-payloads.ts';
import { useUnsavedChanges } from '../../../components/discard-question.ts';
import { ChangedMeanwhile } from '../../../components/edit-conflict.tsx';
import { SaveButton } from '../../../components/save-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { followSaved, replacedMeanwhile } from '../../../lib/follow-saved.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { deferredResolver, useDeferredSubmit } from '../../../lib/zod-resolver.ts';
import {
  companyQueryOptions,
  useCompanyProfile,
  useUpdateCompanyProfile,
} from '../api/company-api.ts';

const fields = [
  { key: 'name', label: 'Organization Name' },
  { key: 'industry', label: 'Industry' },
  { key: 'website', label: 'Website' },
  { key: 'address', label: 'Address' },
] as const;

export function ProfileTab({ isAdmin }: { isAdmin: boolean }) {
  const profile = useCompanyProfile();
  if (profile.isPending) return <Loader aria-label="Loading organization details" />;
  if (profile.isError) {
    return (
      <Alert color="red" title="Error">
        {errorMessage(profile.error) || 'Failed to load organization details'}
      </Alert>
    );
  }
  return isAdmin ? <ProfileForm profile={profile.data} /> : <ProfileView profile={profile.data} />;
}

function ProfileView({ profile }: { profile: CompanyProfile }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        {fields.map((field) => (
          <div key={field.key}>
            <Text size="sm" fw={600}>
              {field.label}
            </Text>
            <Text c={profile[field.key] ? undefined : 'dimmed'}>
              {profile[field.key] || 'Not set'}
            </Text>
          </div>
        ))}
        <Text size="sm" c="dimmed">
          Only administrators can edit organization details.
        </Text>
      </Stack>
    </Card>
  );
}

const validation = deferredResolver(() =>
  import('../../../../domain/company.ts').then((m) => m.companyProfileInputSchema),
);

/** The profile as the form shows it: a field not set is empty. */
const formValuesOf = (profile: CompanyProfile): CompanyProfileFormValues => ({
  name: profile.name,
  industry: profile.industry ?? '',
  website: profile.website ?? '',
  address: profile.address ?? '',
});

function ProfileForm({ profile }: { profile: CompanyProfile }) {
  const update = useUpdateCompanyProfile();
  const queryClient = useQueryClient();
  // The fields someone else changed, since this page showed them, that a save would replace.
  const [theirs, setTheirs] = useState<string[]>([]);
  const saved = formValuesOf(profile);
  const form = useForm<CompanyProfileFormValues>({ initialValues: saved });
  useUnsavedChanges(form.isDirty(), form.reset);
  // The form follows the profile as saved (followSaved).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved values start it again
  useEffect(() => {
    const shown = form.getInitialValues();
    form.setInitialValues(saved);
    form.setValues(followSaved(form.getValues(), shown, saved));
  }, [saved.name, saved.industry, saved.website, saved.address]);

  const save = useDeferredSubmit(form, validation, async (values) => {
    try {
      // The profile as saved now, read first: a field changed here that someone else has
      // changed since it was shown is not saved over unseen. Read, it shows in the form, so
      // that saving again replaces it knowingly.
      const shown = form.getInitialValues();
      const latest = formValuesOf(
        await queryClient.fetchQuery({ ...companyQueryOptions(), staleTime: 0 }),
      );
      const replaced = replacedMeanwhile(values, shown, latest);
      setTheirs(fields.filter(({ key }) => replaced.includes(key)).map((field) => field.label));
      if (replaced.length > 0) return;
      const answer = await update.mutateAsync(
        companyProfilePayload(values, form.getInitialValues()),
      );
      // Saved, the form shows what was saved, but for what was typed while it saved.
      const saved = formValuesOf(answer);
      form.setInitialValues(saved);
      form.setValues(followSaved(form.getValues(), values, saved));
      // Changed from here on is what differs from what was saved.
      form.resetDirty(saved);
      notifySuccess('Organization updated');
    } catch (error) {
      notifyError(
        'Error updating organization',
        errorMessage(error) || 'Something went wrong. Please try again.',
      );
    }
  });

  return (
    <Card withBorder padding="lg">
      <form onSubmit={save} noValidate>
        <Stack>
          {theirs.length > 0 && (
            <ChangedMeanwhile
              noun="profile"
              said={`Someone else changed ${theirs.join(', ')} after this page showed it. Save again to replace their changes with yours.`}
            />
          )}
          {fields.map((field) => (
            <TextInput
              key={field.key}
              label={field.label}
              withAsterisk={field.key === 'name'}
              type={field.key === 'website' ? 'url' : 'text'}
              {...form.getInputProps(field.key)}
            />
          ))}
          <SaveButton pending={update.isPending} disabled={!form.isDirty()} w="fit-content">
            Save Changes
          </SaveButton>
        </Stack>
      </form>
    </Card>
  );
}
