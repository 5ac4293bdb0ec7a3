import { NativeSelect } from '@mantine/core';
import type { Task } from '../../../../domain/grants.ts';
import {
  type TaskStatus,
  taskStatuses,
  taskStatusLabels,
} from '../../../../domain/task-constants.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { choicesOf } from '../../../lib/choices.ts';
import { useFocusBack } from '../../../lib/focus-back.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSetTaskStatus } from '../api/tasks-api.ts';

/**
 * Any of the four statuses may be chosen here (SPEC §4). The browser's own select: it needs no
 * dropdown code, so the grant page downloads less, and it is keyboard- and screen-reader-ready.
 */
export function TaskStatusSelect({ task }: { task: Task }) {
  const setStatus = useSetTaskStatus();
  const focus = useFocusBack<HTMLSelectElement>(setStatus.isPending);
  const change = async (value: string) => {
    if (value === task.status) return;
    focus.changed();
    try {
      await setStatus.mutateAsync({
        grantId: task.grantId,
        taskId: task.id,
        status: value as TaskStatus,
      });
      notifySuccess('Task status updated');
    } catch (error) {
      notifyError('Error updating task', errorMessage(error));
    }
  };
  return (
    <NativeSelect
      ref={focus.ref}
      aria-label={`Status of ${task.name}`}
      size="xs"
      w={150}
      value={task.status}
      onChange={(event) => void change(event.currentTarget.value)}
      disabled={setStatus.isPending}
      data={choicesOf(taskStatuses, taskStatusLabels)}
    />
  );
}
