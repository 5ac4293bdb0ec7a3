import { Modal } from '@mantine/core';
import type { Task } from '../../../../domain/grants.ts';
import { closeUnlessSaving } from '../../../components/close-unless-saving.ts';
import { useDialogSave } from '../../../components/dialog-save.ts';
import { ChangedMeanwhile } from '../../../components/edit-conflict.tsx';
import type { RecordDialogProps } from '../../../components/record-dialog.tsx';
import { useCreateTask, useUpdateTask } from '../api/tasks-api.ts';
import { TaskForm, type TaskSubmission } from './task-form.tsx';

/** 'New Task' (for the given grant, or one chosen in the form), or the edit dialog of `task`. */
export function TaskDialog({
  opened,
  onClose,
  grantId,
  task,
}: RecordDialogProps & { grantId?: number; task?: Task }) {
  const create = useCreateTask();
  const update = useUpdateTask();
  const { submit, close, changedMeanwhile } = useDialogSave(
    task,
    {
      create: {
        run: ({ grantId: chosen, input }: TaskSubmission) =>
          create.mutateAsync({ grantId: chosen, input }),
        success: 'Task created successfully',
        failure: 'Failed to create task',
      },
      update: {
        run: ({ input }: TaskSubmission, edited, version) =>
          update.mutateAsync({ grantId: edited.grantId, taskId: edited.id, input, version }),
        success: 'Task updated successfully',
        failure: 'Failed to update task',
      },
    },
    onClose,
  );

  const saving = create.isPending || update.isPending;
  return (
    <Modal
      opened={opened}
      onClose={closeUnlessSaving(saving, close)}
      title={task ? 'Edit Task' : 'New Task'}
      size="lg"
    >
      {changedMeanwhile && <ChangedMeanwhile noun="task" />}
      {opened && (
        <TaskForm
          grantId={task?.grantId ?? grantId}
          task={task}
          onSubmit={submit}
          pending={saving}
        />
      )}
    </Modal>
  );
}
