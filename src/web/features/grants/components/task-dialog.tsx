import { Modal } from '@mantine/core';
import type { Task } from '../../../../domain/grants.ts';
import { closeUnlessSaving } from '../../../components/close-unless-saving.ts';
import { ChangedMeanwhile, useEditConflict } from '../../../components/edit-conflict.tsx';
import type { RecordDialogProps } from '../../../components/record-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useOneAtATime } from '../../../lib/one-at-a-time.ts';
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
  const conflict = useEditConflict(task);
  const close = () => {
    conflict.reset();
    onClose();
  };

  const save = useOneAtATime(async ({ grantId: chosen, input }: TaskSubmission) => {
    try {
      if (task) {
        const version = conflict.version;
        await update.mutateAsync({ grantId: task.grantId, taskId: task.id, input, version });
        notifySuccess('Task updated successfully');
      } else {
        await create.mutateAsync({ grantId: chosen, input });
        notifySuccess('Task created successfully');
      }
      close();
    } catch (error) {
      if (conflict.caught(error)) return;
      notifyError(task ? 'Failed to update task' : 'Failed to create task', errorMessage(error));
    }
  });

  const saving = create.isPending || update.isPending;
  return (
    <Modal
      opened={opened}
      onClose={closeUnlessSaving(saving, close)}
      title={task ? 'Edit Task' : 'New Task'}
      size="lg"
    >
      {conflict.changedMeanwhile && <ChangedMeanwhile noun="task" />}
      {opened && (
        <TaskForm grantId={task?.grantId ?? grantId} task={task} onSubmit={save} pending={saving} />
      )}
    </Modal>
  );
}
