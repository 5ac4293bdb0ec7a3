import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type RequirementFormValues,
  requirementPayload,
  toLocalInput,
} from '../../../../domain/form-payloads.ts';
import {
  type Requirement,
  requirementInputSchema,
  requirementStatuses,
  requirementStatusLabels,
  requirementTypeLabels,
  requirementTypes,
} from '../../../../domain/requirements.ts';
import { closeUnlessSaving } from '../../../components/close-unless-saving.ts';
import { ChangedMeanwhile, useEditConflict } from '../../../components/edit-conflict.tsx';
import { DateTimeInput, GrowingTextarea } from '../../../components/form-fields.tsx';
import { SaveButton } from '../../../components/save-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { choicesOf } from '../../../lib/choices.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useOneAtATime } from '../../../lib/one-at-a-time.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
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
  const saves = { create: useCreateRequirement(), update: useUpdateRequirement() };
  const saving = saves.create.isPending || saves.update.isPending;
  return (
    <Modal
      opened={opened}
      onClose={closeUnlessSaving(saving, onClose)}
      title={requirement ? 'Edit Requirement' : 'New Requirement'}
      size="lg"
    >
      {opened && (
        <RequirementForm
          grantId={grantId}
          requirement={requirement}
          saves={saves}
          onSaved={onClose}
        />
      )}
    </Modal>
  );
}

function RequirementForm({
  grantId,
  requirement,
  saves,
  onSaved,
}: {
  grantId: number;
  requirement: Requirement | undefined;
  saves: {
    create: ReturnType<typeof useCreateRequirement>;
    update: ReturnType<typeof useUpdateRequirement>;
  };
  onSaved: () => void;
}) {
  const { create, update } = saves;
  const conflict = useEditConflict(requirement);
  const editing = requirement !== undefined;
  const form = useForm<RequirementFormValues>({
    initialValues: {
      name: requirement?.name ?? '',
      type: requirement?.type ?? null,
      dueDate: requirement ? toLocalInput(requirement.dueDate) : '',
      status: requirement?.status ?? 'pending',
      assigneeId: requirement?.assigneeId ? String(requirement.assigneeId) : null,
      notes: requirement?.notes ?? '',
    },
    validate: (values) => validateInput(requirementPayload(values, { editing })),
  });

  const save = form.onSubmit(
    useOneAtATime(async (values: RequirementFormValues) => {
      const input = requirementPayload(values, { editing });
      try {
        if (requirement) {
          const { version } = conflict;
          await update.mutateAsync({ grantId, requirementId: requirement.id, input, version });
          notifySuccess('Requirement updated');
        } else {
          await create.mutateAsync({ grantId, input });
          notifySuccess('Requirement added');
        }
        onSaved();
      } catch (error) {
        if (conflict.caught(error)) return;
        notifyError(
          editing ? 'Failed to update requirement' : 'Failed to add requirement',
          errorMessage(error),
        );
      }
    }),
  );

  return (
    <form onSubmit={save} noValidate>
      <Stack>
        {conflict.changedMeanwhile && <ChangedMeanwhile noun="requirement" />}
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
        <SaveButton pending={create.isPending || update.isPending}>
          {editing ? 'Update Requirement' : 'Add Requirement'}
        </SaveButton>
      </Stack>
    </form>
  );
}
