import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { type TaskDueWindow, taskDueWindows } from '../../../../domain/due-dates.ts';
import type { TaskBoardParams } from '../../../../domain/grants.ts';
import { type TaskAssigneeFilter, taskAssigneeFilters } from '../../../../domain/task-constants.ts';
import { browserTimeZone } from '../../../lib/format.ts';
import { parseId } from '../../../lib/parse-id.ts';
import { choiceParam, useUrlFilters } from '../../../lib/url-filters.ts';

const readFilters = (params: URLSearchParams) => ({
  grant: parseId(params.get('grant')) ?? undefined,
  due: choiceParam(params, 'due', taskDueWindows),
  assignee: choiceParam(params, 'assignee', taskAssigneeFilters),
  q: params.get('q')?.trim() || undefined,
});

/**
 * The board's filters, kept in the address (`/tasks?grant=3&due=overdue&assignee=me&q=budget`),
 * and the search box's text, written to the address once typing pauses.
 */
export function useBoardFilters() {
  const [filters, setFilters] = useUrlFilters(readFilters);
  const [search, setSearchText] = useState(filters.q ?? '');
  // The searches written to the address that it does not show yet: each arrives there after
  // the box has gone on.
  const [written, setWritten] = useState<string[]>([]);
  const writeSearch = useDebouncedCallback((text: string) => {
    const q = text.trim();
    if (q === (filters.q ?? '')) return;
    setWritten((before) => [...before, q]);
    setFilters({ q });
  }, 250);
  // What the box wrote arriving changes nothing: keys typed since stay in the box. The address
  // changed otherwise (the sidebar's Tasks link, Back): the box shows its search, and a search
  // still to be written is not.
  const [shown, setShown] = useState(filters.q);
  if (filters.q !== shown) {
    setShown(filters.q);
    const q = filters.q ?? '';
    const own = written.indexOf(q);
    setWritten(own === -1 ? [] : written.slice(own + 1));
    if (own === -1) {
      writeSearch.cancel();
      if (q !== search.trim()) setSearchText(q);
    }
  }
  const due = filters.due ?? 'all';
  const params: TaskBoardParams = {
    q: filters.q,
    grantId: filters.grant,
    assignee: filters.assignee,
    ...(due === 'all' ? {} : { due, tz: browserTimeZone() }),
  };
  return {
    params,
    grant: filters.grant,
    due,
    assignee: filters.assignee,
    search,
    active:
      filters.grant !== undefined ||
      due !== 'all' ||
      filters.assignee !== undefined ||
      filters.q !== undefined,
    /** The box's text; `ask` false (longer than the board takes: the box says so), not asked. */
    setSearch: (text: string, ask = true) => {
      setSearchText(text);
      if (ask) writeSearch(text);
      else writeSearch.cancel();
    },
    setGrant: (grant: number | undefined) => setFilters({ grant }),
    setDue: (window: TaskDueWindow) => setFilters({ due: window === 'all' ? undefined : window }),
    /** `me`: the signed-in user's tasks only; undefined: everyone's. */
    setAssignee: (assignee: TaskAssigneeFilter | undefined) => setFilters({ assignee }),
    clear: () => {
      writeSearch.cancel();
      setWritten([]);
      setSearchText('');
      setFilters({ grant: undefined, due: undefined, assignee: undefined, q: undefined });
    },
  };
}

export type BoardFilters = ReturnType<typeof useBoardFilters>;
