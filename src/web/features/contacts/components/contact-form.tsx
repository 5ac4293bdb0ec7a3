import { Autocomplete, type OptionsFilter, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { oneSpaced } from '../../../../domain/common.ts';
import {
  type Contact,
  type ContactInput,
  contactInputSchema,
} from '../../../../domain/contacts.ts';
import { type ContactFormValues, contactPayload } from '../../../../domain/form-payloads.ts';
import { useDialogForm } from '../../../components/dialog-form.ts';
import { GrowingTextarea } from '../../../components/form-fields.tsx';
import { withHelp } from '../../../components/label-with-help.tsx';
import { SaveButton } from '../../../components/save-button.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import { useOrganizationNames } from '../api/contacts-api.ts';

const toValues = (contact?: Contact): ContactFormValues => ({
  name: contact?.name ?? '',
  email: contact?.email ?? '',
  phone: contact?.phone ?? '',
  organization: contact?.organization ?? '',
  notes: contact?.notes ?? '',
});

/**
 * The suggestions that match what is typed as the server matched them: in any case, with spaces
 * in a row as one ('hope   trust' keeps Hope Trust), while the names for what is typed now arrive.
 */
const asTheServerMatches: OptionsFilter = ({ options, search }) => {
  const typed = oneSpaced(search.trim()).toLowerCase();
  return options.filter(
    (option) => !('label' in option) || option.label.toLowerCase().includes(typed),
  );
};

export function ContactForm({
  contact,
  onSubmit,
  pending,
}: {
  /** The contact being edited; none for a new one. */
  contact?: Contact;
  onSubmit: (input: ContactInput) => void;
  pending: boolean;
}) {
  const { user } = useAuth();
  const form = useDialogForm<ContactFormValues>({
    initialValues: toValues(contact),
    validate: zodResolver(contactInputSchema),
  });
  const [organizationQuery] = useDebouncedValue(form.values.organization, 200);
  const organizations = useOrganizationNames(organizationQuery);

  if (!user) return <Text>Please log in to manage contacts</Text>;

  const submit = form.onSubmit((values) =>
    onSubmit(contactPayload(values, { editing: contact !== undefined })),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          {...withHelp('Name', 'Full name of the contact person')}
          withAsterisk
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          {...withHelp('Email', 'Primary email address for communication')}
          withAsterisk
          type="email"
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <TextInput
          {...withHelp('Phone', 'Contact phone number (optional)')}
          type="tel"
          autoComplete="off"
          {...form.getInputProps('phone')}
        />
        <Autocomplete
          {...withHelp('Organization', 'Company or organization they represent (optional)')}
          data={organizations.data ?? []}
          filter={asTheServerMatches}
          autoComplete="off"
          {...form.getInputProps('organization')}
        />
        <GrowingTextarea
          {...withHelp('Notes', 'Additional information or comments about the contact (optional)')}
          {...form.getInputProps('notes')}
        />
        <SaveButton pending={pending}>{contact ? 'Update Contact' : 'Create Contact'}</SaveButton>
      </Stack>
    </form>
  );
}
