import {
  Button,
  NumberInput,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type Grant,
  type GrantInput,
  grantInputSchema,
  grantStatuses,
  grantStatusLabels,
  parseAmount,
} from '../../../../domain/grants.ts';
import { optionalFields } from '../../../lib/compact.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/format.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useAuth } from '../../auth/auth-provider.tsx';

interface GrantFormValues {
  name: string;
  funder: string;
  amount: number | string;
  dueDate: string;
  status: string;
  documentUrl: string;
  notes: string;
}

/**
 * Form values as the API takes them: whole dollars, ISO dates; an empty optional is left out of
 * a new grant and null in an edit.
 */
function toPayload(values: GrantFormValues, editing: boolean): GrantInput {
  const { notes, documentUrl, ...required } = values;
  return {
    ...required,
    amount: parseAmount(values.amount),
    dueDate: fromLocalInput(values.dueDate),
    status: values.status as GrantInput['status'],
    ...optionalFields({ notes, documentUrl }, editing),
  };
}

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
    validate: (values) => validatePayload(toPayload(values, editing)),
  });

  if (!user) return <Text>Please log in to manage grants</Text>;

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toPayload(values, editing)))} noValidate>
      <ScrollArea h={SCROLL_HEIGHT} offsetScrollbars type="auto">
        <Stack pr="xs" pb="xs">
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Funder" withAsterisk {...form.getInputProps('funder')} />
          <NumberInput
            label="Amount"
            withAsterisk
            prefix="$"
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
            min={0}
            {...form.getInputProps('amount')}
          />
          <TextInput
            label="Due Date"
            type="datetime-local"
            withAsterisk
            {...form.getInputProps('dueDate')}
          />
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
          <Textarea
            label="Notes"
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('notes')}
          />
        </Stack>
      </ScrollArea>
      <Button type="submit" disabled={pending} fullWidth mt="md">
        {pending ? 'Saving...' : grant ? 'Update Grant' : 'Create Grant'}
      </Button>
    </form>
  );
}
