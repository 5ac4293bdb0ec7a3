import type { BoardTask, TaskStatus } from '../../../../domain/grants.ts';
import { taskStatuses, taskStatusLabels } from '../../../../domain/task-constants.ts';
import { counted } from '../../../../domain/wording.ts';
import { BulkBar } from '../../../components/bulk-actions.tsx';
import type { Selection } from '../../../components/selection.tsx';
import { choicesOf } from '../../../lib/choices.ts';
import { useTeam } from '../../company/api/company-api.ts';
import { useBulkDeleteTasks, useBulkTaskAssignee, useBulkTaskStatus } from '../api/task-changes.ts';

/** The choice of the assign select that gives the tasks to nobody. */
const NOBODY = 'nobody';

/**
 * Above the board: a box that chooses every task shown and, once some are chosen, Change
 * status, Assign to (a member of the team, or nobody) and Delete, asked first. It loads with
 * the filter bar, after the tasks.
 */
export function BoardBulkBar({
  tasks,
  selection,
  params,
}: {
  tasks: BoardTask[];
  selection: Selection;
  /** The board's filters, as its export takes them. */
  params: Record<string, string | number | undefined>;
}) {
  const team = useTeam();
  const bulkDelete = useBulkDeleteTasks();
  const bulkStatus = useBulkTaskStatus();
  const bulkAssignee = useBulkTaskAssignee();
  const chosen = counted(selection.ids.size, 'selected task');
  return (
    <BulkBar
      rows={tasks}
      total={tasks.length}
      selection={selection}
      exported={{ list: '/api/tasks', params }}
      singular="task"
      plural="tasks"
      pageLabel="Select every task shown"
      allIds={async () => tasks.map((task) => task.id)}
      onDelete={(ids) => bulkDelete.mutateAsync(ids)}
      changes={[
        {
          label: `Change the status of ${chosen}`,
          placeholder: 'Change status…',
          apply: 'Change status',
          choices: choicesOf(taskStatuses, taskStatusLabels),
          onChange: (status) =>
            bulkStatus.mutateAsync({ ids: [...selection.ids], status: status as TaskStatus }),
          changed: (count, status) => `${counted(count, 'task')} now ${status.label}`,
        },
        {
          label: `Assign ${chosen}`,
          placeholder: 'Assign to…',
          apply: 'Assign',
          choices: [
            { value: NOBODY, label: 'Nobody (unassigned)' },
            ...(team.data ?? []).map((member) => ({
              value: String(member.id),
              label: member.name,
            })),
          ],
          onChange: (value) =>
            bulkAssignee.mutateAsync({
              ids: [...selection.ids],
              assigneeId: value === NOBODY ? null : Number(value),
            }),
          changed: (count, choice) =>
            choice.value === NOBODY
              ? `${counted(count, 'task')} now unassigned`
              : `${counted(count, 'task')} now assigned to ${choice.label}`,
        },
      ]}
    />
  );
}
