import { Alert, Button, Card, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type OrganizationFormValues,
  organizationPayload,
} from '../../../../domain/form-payloads.ts';
import type { Organization } from '../../../../domain/organization.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { deferredResolver, useDeferredSubmit } from '../../../lib/zod-resolver.ts';
import { useOrganization, useUpdateOrganization } from '../api/organization-api.ts';

const fields = [
  { key: 'name', label: 'Organization Name' },
  { key: 'industry', label: 'Industry' },
  { key: 'website', label: 'Website' },
  { key: 'address', label: 'Address' },
] as const;

export function ProfileTab({ isAdmin }: { isAdmin: boolean }) {
  const organization = useOrganization();
  if (organization.isPending) return <Loader aria-label="Loading organization details" />;
  if (organization.isError) {
    return (
      <Alert color="red" title="Error">
        {errorMessage(organization.error) || 'Failed to load organization details'}
      </Alert>
    );
  }
  return isAdmin ? (
    <ProfileForm organization={organization.data} />
  ) : (
    <ProfileView organization={organization.data} />
  );
}

function ProfileView({ organization }: { organization: Organization }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        {fields.map((field) => (
          <div key={field.key}>
            <Text size="sm" fw={600}>
              {field.label}
            </Text>
            <Text c={organization[field.key] ? undefined : 'dimmed'}>
              {organization[field.key] || 'Not set'}
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
  import('../../../../domain/organization.ts').then((m) => m.organizationInputSchema),
);

function ProfileForm({ organization }: { organization: Organization }) {
  const update = useUpdateOrganization();
  const initialValues = {
    name: organization.name,
    industry: organization.industry ?? '',
    website: organization.website ?? '',
    address: organization.address ?? '',
  };
  const form = useForm<OrganizationFormValues>({
    initialValues,
  });

  const save = useDeferredSubmit(form, validation, async (values) => {
    try {
      const saved = await update.mutateAsync(organizationPayload(values));
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
          <Button type="submit" disabled={!form.isDirty() || update.isPending} w="fit-content">
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
