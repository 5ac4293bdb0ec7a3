import { ScrollArea, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type GrantFormValues,
  grantPayload,
  toLocalInput,
} from '../../../../domain/form-payloads.ts';
import {
  type Grant,
  type GrantInput,
  grantInputSchema,
  grantStatuses,
  grantStatusLabels,
} from '../../../../domain/grants.ts';
import { AmountInput, DateTimeInput, GrowingTextarea } from '../../../components/form-fields.tsx';
import { SaveButton } from '../../../components/save-button.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useAuth } from '../../auth/auth-provider.tsx';

const validatePayload = zodResolver(grantInputSchema);

/** SPEC §9: the grant form scrolls within 400 px. */
const SCROLL_HEIGHT = 400;

export function GrantForm({
  grant,
  onSubmit,
  pending,
}: {
  grant?: Grant;
  onSubmit: (input: GrantInput) => void;
  pending: boolean;
}) {
  const { user } = useAuth();
  const editing = grant !== undefined;
  const form = useForm<GrantFormValues>({
    initialValues: {
      name: grant?.name ?? '',
      funder: grant?.funder ?? '',
      amount: grant?.amount ?? 0,
      dueDate: grant ? toLocalInput(grant.dueDate) : '',
      status: grant?.status ?? 'draft',
      documentUrl: grant?.documentUrl ?? '',
      notes: grant?.notes ?? '',
    },
    validate: (values) => validatePayload(grantPayload(values, { editing })),
  });

  if (!user) return <Text>Please log in to manage grants</Text>;

  return (
    <form
      onSubmit={form.onSubmit((values) => onSubmit(grantPayload(values, { editing })))}
      noValidate
    >
      <ScrollArea h={SCROLL_HEIGHT} offsetScrollbars type="auto">
        <Stack pr="xs" pb="xs">
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Funder" withAsterisk {...form.getInputProps('funder')} />
          <AmountInput {...form.getInputProps('amount')} />
          <DateTimeInput label="Due Date" {...form.getInputProps('dueDate')} />
          <Select
            label="Status"
            withAsterisk
            allowDeselect={false}
            data={grantStatuses.map((status) => ({
              value: status,
              label: grantStatusLabels[status],
            }))}
            {...form.getInputProps('status')}
          />
          <TextInput
            label="Document URL"
            type="url"
            placeholder="https://"
            {...form.getInputProps('documentUrl')}
          />
          <GrowingTextarea label="Notes" {...form.getInputProps('notes')} />
        </Stack>
      </ScrollArea>
      <SaveButton pending={pending} fullWidth mt="md">
        {grant ? 'Update Grant' : 'Create Grant'}
      </SaveButton>
    </form>
  );
}
