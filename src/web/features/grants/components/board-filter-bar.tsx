import { Button, Group, NativeSelect } from '@mantine/core';
import {
  type TaskDueWindow,
  taskDueWindowLabels,
  taskDueWindows,
} from '../../../../domain/due-dates.ts';
import type { BoardTask } from '../../../../domain/grants.ts';
import { tooLong } from '../../../../domain/list-constants.ts';
import { SearchBox } from '../../../components/list-controls.tsx';
import { WhoseTasksControl } from '../../../components/whose-tasks-control.tsx';
import { choicesOf } from '../../../lib/choices.ts';
import { focusListSearch } from '../../../lib/lost-focus.ts';
import { useGrants } from '../api/grants-api.ts';
import { grantChoices } from '../grant-choices.ts';
import type { BoardFilters } from './board-filters.ts';

// The board's bulk actions load with the filter bar (one download, after the tasks).
export { BoardBulkBar } from './board-bulk-bar.tsx';

/** The most grants the grant filter lists (the API's largest page), by name. */
const GRANT_CHOICES = 500;

/**
 * The search box, the grant and due-date choices, and whose tasks, above the board. The
 * browser's own selects: keyboard- and screen-reader-ready, and no dropdown code in the board's
 * first download.
 */
export function BoardFilterBar({
  filters,
  tasks,
}: {
  filters: BoardFilters;
  /** The tasks shown: they name the chosen grant while the list of grants loads. */
  tasks: BoardTask[];
}) {
  const grants = useGrants({ sort: 'name', limit: GRANT_CHOICES });
  const choices = grantChoices(grants.data?.items ?? []);
  const chosen = filters.grant === undefined ? undefined : String(filters.grant);
  if (chosen !== undefined && !choices.some((choice) => choice.value === chosen)) {
    const named = tasks.find((task) => String(task.grantId) === chosen)?.grantName;
    choices.unshift({
      value: chosen,
      label: named ?? (grants.isPending ? 'Loading…' : 'Unknown grant'),
    });
  }

  return (
    <Group gap="sm" mb="md" wrap="wrap">
      <WhoseTasksControl value={filters.assignee} onChange={filters.setAssignee} />
      <SearchBox
        value={filters.search}
        onChange={(text) => filters.setSearch(text, !tooLong(text))}
        label="Search tasks"
      />
      <NativeSelect
        aria-label="Grant"
        value={chosen ?? ''}
        onChange={(event) => filters.setGrant(Number(event.currentTarget.value) || undefined)}
        data={[{ value: '', label: 'All grants' }, ...choices]}
        maw={260}
      />
      <NativeSelect
        aria-label="Due date"
        value={filters.due}
        onChange={(event) => filters.setDue(event.currentTarget.value as TaskDueWindow)}
        data={choicesOf(taskDueWindows, taskDueWindowLabels)}
      />
      {filters.active && (
        <Button
          variant="subtle"
          onClick={(event) => {
            const pressed = { currentTarget: event.currentTarget, detail: event.detail };
            filters.clear();
            focusListSearch(pressed);
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
