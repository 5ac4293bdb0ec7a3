import { Select } from '@mantine/core';
import {
  type TaskStatus,
  taskStatuses,
  taskStatusLabels,
} from '../../../../domain/grant-constants.ts';
import type { Task } from '../../../../domain/grants.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSetTaskStatus } from '../api/tasks-api.ts';

/** Any of the four statuses may be chosen here (SPEC §4). */
export function TaskStatusSelect({ task }: { task: Task }) {
  const setStatus = useSetTaskStatus();
  const change = async (value: string | null) => {
    if (!value || value === task.status) return;
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
    <Select
      aria-label={`Status of ${task.name}`}
      size="xs"
      w={150}
      allowDeselect={false}
      value={task.status}
      onChange={change}
      disabled={setStatus.isPending}
      data={taskStatuses.map((s) => ({ value: s, label: taskStatusLabels[s] }))}
    />
  );
}
