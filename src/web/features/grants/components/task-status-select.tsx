import type { Task } from '../../../../domain/grants.ts';
import {
  type TaskStatus,
  taskStatuses,
  taskStatusLabels,
} from '../../../../domain/task-constants.ts';
import { StatusSelect } from '../../../components/status-select.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { choicesOf } from '../../../lib/choices.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSetTaskStatus } from '../api/tasks-api.ts';

const statusChoices = choicesOf(taskStatuses, taskStatusLabels);

/** A task's status on the grant page: any of the four may be chosen here (SPEC §4). */
export function TaskStatusSelect({ task }: { task: Task }) {
  const setStatus = useSetTaskStatus();
  const change = async (value: TaskStatus) => {
    if (value === task.status) return;
    try {
      await setStatus.mutateAsync({ task, status: value });
      notifySuccess('Task status updated');
    } catch (error) {
      notifyError('Error updating task', errorMessage(error));
    }
  };
  return (
    <StatusSelect
      label={`Status of ${task.name}`}
      value={task.status}
      data={statusChoices}
      width={150}
      saving={setStatus.isPending}
      onChange={(value) => void change(value)}
    />
  );
}
