import { Select, Stack, Text } from '@mantine/core';
import {
  type InteractionFormValues,
  interactionPayload,
  toLocalInput,
} from '../../../../domain/form-payloads.ts';
import {
  type Interaction,
  type InteractionInput,
  interactionInputSchema,
  interactionTypes,
} from '../../../../domain/interactions.ts';
import { useDialogForm } from '../../../components/dialog-form.ts';
import type { DialogFormProps } from '../../../components/dialog-save.tsx';
import { DateTimeInput, GrowingTextarea } from '../../../components/form-fields.tsx';
import { SaveButton } from '../../../components/save-button.tsx';
import { capitalise } from '../../../lib/format.ts';
import { choicesFailed } from '../../../lib/nothing-matches.ts';
import { useSearchedChoice } from '../../../lib/searched-choice.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import { useContactChoices } from '../../contacts/api/contact-choices.ts';

const validatePayload = zodResolver(interactionInputSchema);

export interface ChosenContact {
  id: number;
  name: string;
  /** Where known (the contact's page gives it): labelled as the list of contacts labels it. */
  organization?: string | null;
}

/** A contact as the field names it: 'Ada (Hope Trust)' tells apart two of one name. */
const contactLabel = ({ name, organization }: ChosenContact) =>
  organization ? `${name} (${organization})` : name;

export function InteractionForm({
  interaction,
  contact = interaction && { id: interaction.contactId, name: interaction.contactName },
  onSubmit,
  pending,
}: {
  interaction?: Interaction;
  /** The contact chosen to begin with: the edited interaction's, or the one it is logged for. */
  contact?: ChosenContact | undefined;
} & DialogFormProps<InteractionInput>) {
  const { user } = useAuth();
  const form = useDialogForm<InteractionFormValues>(
    {
      initialValues: {
        contactId: contact ? String(contact.id) : null,
        type: interaction?.type ?? 'meeting',
        notes: interaction?.notes ?? '',
        date: toLocalInput(interaction?.date ?? new Date()),
      },
      validate: (values) => validatePayload(interactionPayload(values, interaction)),
    },
    // The contact chosen was deleted meanwhile (400).
    { contactId: 'contactId' },
  );
  const search = useSearchedChoice();
  const choices = useContactChoices(search.q);

  if (!user) return <Text>Please log in to create interactions</Text>;

  const options = (choices.data?.items ?? []).map((c) => ({
    value: String(c.id),
    label: contactLabel(c),
  }));
  if (contact && !options.some((o) => o.value === String(contact.id))) {
    options.unshift({ value: String(contact.id), label: contactLabel(contact) });
  }

  const contactInput = form.getInputProps('contactId');
  const submit = form.onSubmit((values) =>
    onSubmit(interactionPayload(values, interaction) as InteractionInput),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select
          label="Contact"
          placeholder="Search contacts"
          withAsterisk
          searchable
          // Required: the contact chosen stays chosen when its option is chosen again.
          allowDeselect={false}
          {...search.searchProps(options, form.values.contactId)}
          // The server already filtered the choices by what was typed.
          filter={({ options: all }) => all}
          data={options}
          // A listbox holds options only: while none are there, the field says why instead.
          description={
            choicesFailed(choices) ??
            (search.searching &&
              !options.length &&
              (choices.isFetching ? 'Searching…' : 'No contacts found'))
          }
          data-autofocus
          // Focused as the dialog opens, it waits for a key or a click to list the contacts, so
          // the list does not cover the fields below it.
          openOnFocus={false}
          {...contactInput}
          onChange={(value, option) => {
            contactInput.onChange(value);
            search.picked(value === null ? null : option.label);
          }}
        />
        <Select
          label="Type"
          withAsterisk
          allowDeselect={false}
          data={interactionTypes.map((type) => ({ value: type, label: capitalise(type) }))}
          {...form.getInputProps('type')}
        />
        <GrowingTextarea label="Notes" withAsterisk maxRows={10} {...form.getInputProps('notes')} />
        <DateTimeInput label="Date" {...form.getInputProps('date')} />
        <SaveButton pending={pending}>
          {interaction ? 'Update Interaction' : 'Log Interaction'}
        </SaveButton>
      </Stack>
    </form>
  );
}
