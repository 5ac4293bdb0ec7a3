import type { Task } from '../../../../domain/grants.ts';
import { SaveDialog } from '../../../components/dialog-save.tsx';
import type { RecordDialogProps } from '../../../components/record-dialog.tsx';
import { RecordHistory } from '../../activity/components/record-history.tsx';
import { useCreateTask, useUpdateTask } from '../api/task-changes.ts';
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
  return (
    <SaveDialog
      opened={opened}
      onClose={onClose}
      title={task ? 'Edit Task' : 'New Task'}
      noun="task"
      record={task}
      save={{
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
      }}
      pending={create.isPending || update.isPending}
    >
      {(form) =>
        opened && (
          <>
            <TaskForm grantId={task?.grantId ?? grantId} task={task} {...form} />
            {/* Its changes, below the form: a task has no page of its own. */}
            {task && <RecordHistory entity="task" id={task.id} />}
          </>
        )
      }
    </SaveDialog>
  );
}
