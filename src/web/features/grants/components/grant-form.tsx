import { Fieldset, Group, ScrollArea, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  type GrantFormValues,
  grantPayload,
  toDayInput,
  toLocalInput,
} from '../../../../domain/form-payloads.ts';
import {
  type Grant,
  type GrantInput,
  grantInputSchema,
  grantStatuses,
  grantStatusLabels,
} from '../../../../domain/grants.ts';
import { useDialogForm } from '../../../components/dialog-form.ts';
import {
  AmountInput,
  DateTimeInput,
  DayInput,
  GrowingTextarea,
} from '../../../components/form-fields.tsx';
import { SaveButton } from '../../../components/save-button.tsx';
import { choicesOf } from '../../../lib/choices.ts';
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
  const form = useDialogForm<GrantFormValues>({
    initialValues: {
      name: grant?.name ?? '',
      funder: grant?.funder ?? '',
      amount: grant?.amount ?? 0,
      dueDate: grant ? toLocalInput(grant.dueDate) : '',
      status: grant?.status ?? 'draft',
      documentUrl: grant?.documentUrl ?? '',
      notes: grant?.notes ?? '',
      awardedAmount: grant?.awardedAmount ?? '',
      awardedDate: toDayInput(grant?.awardedDate ?? null),
      periodStart: toDayInput(grant?.periodStart ?? null),
      periodEnd: toDayInput(grant?.periodEnd ?? null),
    },
    validate: (values) => validatePayload(grantPayload(values, { editing, was: grant })),
  });
  const { values } = form;
  // The award's fields show once the grant is awarded, or when they hold something already.
  const showAward =
    values.status === 'awarded' ||
    [values.awardedAmount, values.awardedDate, values.periodStart, values.periodEnd].some(
      (value) => String(value) !== '',
    );
  const amount = form.getInputProps('amount');
  const status = form.getInputProps('status');
  // The award the form holds without the user giving it, until the user changes it: put in on
  // choosing Awarded, or filled in so by the server. It follows the amount asked for, a status
  // chosen by mistake and then changed back takes it out again, and it is saved as filled in.
  const [prefilled, setPrefilled] = useState<number | string | null>(
    grant?.awardFilledIn ? grant.awardedAmount : null,
  );
  const awardFilledIn = prefilled !== null && values.awardedAmount === prefilled;

  if (!user) return <Text>Please log in to manage grants</Text>;

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        onSubmit(grantPayload(values, { editing, was: grant, awardFilledIn })),
      )}
      noValidate
    >
      <ScrollArea h={SCROLL_HEIGHT} offsetScrollbars type="auto">
        <Stack pr="xs" pb="xs">
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Funder" withAsterisk {...form.getInputProps('funder')} />
          <AmountInput
            {...amount}
            onChange={(next) => {
              amount.onChange(next);
              // The award the form prefilled follows the amount asked for, until the user
              // changes it: Awarded chosen before the amount is typed is awarded that amount.
              if (awardFilledIn) {
                form.setFieldValue('awardedAmount', next);
                setPrefilled(next);
              }
            }}
          />
          <DateTimeInput label="Due Date" {...form.getInputProps('dueDate')} />
          <Select
            label="Status"
            withAsterisk
            allowDeselect={false}
            data={choicesOf(grantStatuses, grantStatusLabels)}
            {...status}
            onChange={(next) => {
              status.onChange(next);
              // Awarded: the award's amount is asked for, prefilled with the amount requested.
              if (next === 'awarded' && String(values.awardedAmount) === '') {
                form.setFieldValue('awardedAmount', values.amount);
                setPrefilled(values.amount);
              } else if (next !== 'awarded' && prefilled !== null) {
                if (awardFilledIn) form.setFieldValue('awardedAmount', '');
                setPrefilled(null);
              }
            }}
          />
          {showAward && (
            <Fieldset legend="Award">
              <Stack>
                <AmountInput
                  label="Awarded Amount"
                  withAsterisk={false}
                  {...form.getInputProps('awardedAmount')}
                />
                <DayInput label="Awarded Date" {...form.getInputProps('awardedDate')} />
                <Group grow align="flex-start">
                  <DayInput label="Period Start" {...form.getInputProps('periodStart')} />
                  <DayInput label="Period End" {...form.getInputProps('periodEnd')} />
                </Group>
              </Stack>
            </Fieldset>
          )}
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
