import { Group, Select, Stack, TextInput } from '@mantine/core';
import {
  type OpportunityFormValues,
  opportunityPayload,
  toLocalInput,
} from '../../../../domain/form-payloads.ts';
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
import { useDialogForm } from '../../../components/dialog-form.ts';
import {
  AmountInput,
  DateTimeInput,
  GrowingTextarea,
  PercentInput,
} from '../../../components/form-fields.tsx';
import { SaveButton } from '../../../components/save-button.tsx';
import { choicesOf } from '../../../lib/choices.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';

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
  const form = useDialogForm<OpportunityFormValues>({
    initialValues: initialValues(opportunity),
    validate: (values) =>
      validatePayload(opportunityPayload(values, { editing, was: opportunity })),
  });

  // SPEC §2.13: choosing a stage sets its default probability, which the user may then change.
  const chooseStage = (value: string | null) => {
    if (!value) return;
    form.setFieldValue('stage', value);
    form.setFieldValue('probability', stageProbabilities[value as OpportunityStage]);
    notifySuccess('Probability Updated');
  };

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        onSubmit(opportunityPayload(values, { editing, was: opportunity })),
      )}
      noValidate
    >
      <Stack>
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Organization" withAsterisk {...form.getInputProps('organization')} />
        <Group grow align="flex-start">
          <AmountInput {...form.getInputProps('amount')} />
          <PercentInput
            // A stage chosen sets it anew: what it said of a key typed before goes, even where
            // the stage's probability is the number it showed.
            key={form.values.stage}
            label="Probability (%)"
            {...form.getInputProps('probability')}
          />
        </Group>
        <Select
          label="Stage"
          withAsterisk
          allowDeselect={false}
          data={choicesOf(opportunityStages, stageLabels)}
          {...form.getInputProps('stage')}
          onChange={chooseStage}
        />
        <DateTimeInput label="Expected Close Date" {...form.getInputProps('expectedCloseDate')} />
        <GrowingTextarea label="Notes" minRows={2} maxRows={6} {...form.getInputProps('notes')} />
        <SaveButton pending={pending}>
          {opportunity ? 'Update Opportunity' : 'Create Opportunity'}
        </SaveButton>
      </Stack>
    </form>
  );
}
