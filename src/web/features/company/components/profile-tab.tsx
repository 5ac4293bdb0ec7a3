import { Alert, Card, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CompanyProfile } from '../../../../domain/company.ts';
import {
  type CompanyProfileFormValues,
  companyProfilePayload,
} from '../../../../domain/form-payloads.ts';
import { SaveButton } from '../../../components/save-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { deferredResolver, useDeferredSubmit } from '../../../lib/zod-resolver.ts';
import { useCompanyProfile, useUpdateCompanyProfile } from '../api/company-api.ts';

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

function ProfileForm({ profile }: { profile: CompanyProfile }) {
  const update = useUpdateCompanyProfile();
  const initialValues = {
    name: profile.name,
    industry: profile.industry ?? '',
    website: profile.website ?? '',
    address: profile.address ?? '',
  };
  const form = useForm<CompanyProfileFormValues>({
    initialValues,
  });

  const save = useDeferredSubmit(form, validation, async (values) => {
    try {
      const saved = await update.mutateAsync(companyProfilePayload(values));
      form.setInitialValues({
        name: saved.name,
        industry: saved.industry ?? '',
        website: saved.website ?? '',
        address: saved.address ?? '',
      });
      form.reset();
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
