import { Button, Group, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { parseAmount } from '../../../../domain/grants.ts';
import {
  newOpportunityDefaults,
  type Opportunity,
  type OpportunityInput,
  type OpportunityStage,
  opportunityInputSchema,
  opportunityStages,
  stageLabels,
  stageProbabilities,
} from '../../../../domain/opportunities.ts';
import { optionalFields } from '../../../lib/compact.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';

interface OpportunityFormValues {
  name: string;
  organization: string;
  amount: number | string;
  stage: string;
  probability: number | string;
  expectedCloseDate: string;
  notes: string;
}

function toPayload(values: OpportunityFormValues, editing: boolean): OpportunityInput {
  return {
    name: values.name,
    organization: values.organization,
    amount: parseAmount(values.amount),
    stage: values.stage as OpportunityStage,
    expectedCloseDate: fromLocalInput(values.expectedCloseDate),
    probability: values.probability === '' ? null : parseAmount(values.probability),
    ...optionalFields({ notes: values.notes }, editing),
  };
}

const validatePayload = zodResolver(opportunityInputSchema);

function initialValues(opportunity?: Opportunity): OpportunityFormValues {
  const defaults = newOpportunityDefaults();
  return {
    name: opportunity?.name ?? '',
    organization: opportunity?.organization ?? '',
    amount: opportunity?.amount ?? defaults.amount,
    stage: opportunity?.stage ?? defaults.stage,
    probability: opportunity ? (opportunity.probability ?? '') : defaults.probability,
    expectedCloseDate: toLocalInput(opportunity?.expectedCloseDate ?? defaults.expectedCloseDate),
    notes: opportunity?.notes ?? '',
  };
}

export function OpportunityForm({
  opportunity,
  onSubmit,
  pending,
}: {
  opportunity?: Opportunity;
  onSubmit: (input: OpportunityInput) => void;
  pending: boolean;
}) {
  const editing = opportunity !== undefined;
  const form = useForm<OpportunityFormValues>({
    initialValues: initialValues(opportunity),
    validate: (values) => validatePayload(toPayload(values, editing)),
  });

  // SPEC §2.13: choosing a stage sets its default probability, which the user may then change.
  const chooseStage = (value: string | null) => {
    if (!value) return;
    form.setFieldValue('stage', value);
    form.setFieldValue('probability', stageProbabilities[value as OpportunityStage]);
    notifySuccess('Probability Updated');
  };

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toPayload(values, editing)))} noValidate>
      <Stack>
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Organization" withAsterisk {...form.getInputProps('organization')} />
        <Group grow align="flex-start">
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
          <NumberInput
            label="Probability (%)"
            min={0}
            max={100}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            {...form.getInputProps('probability')}
          />
        </Group>
        <Select
          label="Stage"
          withAsterisk
          allowDeselect={false}
          data={opportunityStages.map((stage) => ({ value: stage, label: stageLabels[stage] }))}
          {...form.getInputProps('stage')}
          onChange={chooseStage}
        />
        <TextInput
          label="Expected Close Date"
          type="datetime-local"
          withAsterisk
          {...form.getInputProps('expectedCloseDate')}
        />
        <Textarea label="Notes" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : opportunity ? 'Update Opportunity' : 'Create Opportunity'}
        </Button>
      </Stack>
    </form>
  );
}
