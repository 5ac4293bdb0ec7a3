import { Select, Stack, TextInput } from '@mantine/core';
import {
  type RequirementFormValues,
  requirementPayload,
  toLocalInput,
} from '../../../../domain/form-payloads.ts';
import {
  type Requirement,
  type RequirementInput,
  requirementInputSchema,
  requirementStatuses,
  requirementStatusLabels,
  requirementTypeLabels,
  requirementTypes,
} from '../../../../domain/requirements.ts';
import { useDialogForm } from '../../../components/dialog-form.ts';
import { type DialogFormProps, SaveDialog } from '../../../components/dialog-save.tsx';
import { DateTimeInput, GrowingTextarea } from '../../../components/form-fields.tsx';
import { SaveButton } from '../../../components/save-button.tsx';
import { choicesOf } from '../../../lib/choices.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { RecordHistory } from '../../activity/components/record-history.tsx';
import { AssigneeSelect } from '../../company/components/assignee-select.tsx';
import { useCreateRequirement, useUpdateRequirement } from '../api/requirements-api.ts';

const validateInput = zodResolver(requirementInputSchema);

/** 'New Requirement' for a grant, or the edit dialog of `requirement`. */
export default function RequirementDialog({
  opened,
  onClose,
  grantId,
  requirement,
}: {
  opened: boolean;
  onClose: () => void;
  grantId: number;
  requirement: Requirement | undefined;
}) {
  // Here rather than in the form, which goes when the dialog closes: the dialog stays open while
  // a save is under way (closeUnlessSaving).
  const create = useCreateRequirement();
  const update = useUpdateRequirement();
  return (
    <SaveDialog
      opened={opened}
      onClose={onClose}
      title={requirement ? 'Edit Requirement' : 'New Requirement'}
      noun="requirement"
      record={requirement}
      save={{
        create: {
          run: (input: RequirementInput) => create.mutateAsync({ grantId, input }),
          success: 'Requirement added',
          failure: 'Failed to add requirement',
        },
        update: {
          run: (input: RequirementInput, { id }, version) =>
            update.mutateAsync({ grantId, requirementId: id, input, version }),
          success: 'Requirement updated',
          failure: 'Failed to update requirement',
        },
      }}
      pending={create.isPending || update.isPending}
    >
      {(form) =>
        opened && (
          <>
            <RequirementForm requirement={requirement} {...form} />
            {/* Its changes, below the form: a requirement has no page of its own. */}
            {requirement && <RecordHistory entity="requirement" id={requirement.id} />}
          </>
        )
      }
    </SaveDialog>
  );
}

function RequirementForm({
  requirement,
  onSubmit,
  pending,
}: DialogFormProps<RequirementInput> & { requirement: Requirement | undefined }) {
  const editing = requirement !== undefined;
  const form = useDialogForm<RequirementFormValues>(
    {
      initialValues: {
        name: requirement?.name ?? '',
        type: requirement?.type ?? null,
        dueDate: requirement ? toLocalInput(requirement.dueDate) : '',
        status: requirement?.status ?? 'pending',
        assigneeId: requirement?.assigneeId ? String(requirement.assigneeId) : null,
        notes: requirement?.notes ?? '',
      },
      validate: (values) =>
        validateInput(requirementPayload(values, { editing, was: requirement })),
    },
    // The member chosen was removed meanwhile (400).
    { assigneeId: 'assigneeId' },
  );
  const save = form.onSubmit((values) =>
    onSubmit(requirementPayload(values, { editing, was: requirement })),
  );

  return (
    <form onSubmit={save} noValidate>
      <Stack>
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <Select
          label="Type"
          withAsterisk
          placeholder="Choose a type"
          data={choicesOf(requirementTypes, requirementTypeLabels)}
          {...form.getInputProps('type')}
        />
        <DateTimeInput label="Due Date" {...form.getInputProps('dueDate')} />
        <Select
          label="Status"
          allowDeselect={false}
          data={choicesOf(requirementStatuses, requirementStatusLabels)}
          {...form.getInputProps('status')}
        />
        <AssigneeSelect {...form.getInputProps('assigneeId')} />
        <GrowingTextarea label="Notes" {...form.getInputProps('notes')} />
        <SaveButton pending={pending}>
          {editing ? 'Update Requirement' : 'Add Requirement'}
        </SaveButton>
      </Stack>
    </form>
  );
}
