import type { TaskBoardParams } from '../../../../domain/grants.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard-api.ts';

// The tasks' query keys, apart from tasks-api.ts: the grants' and the team's API modules refresh
// tasks without taking the tasks' own calls into their pages' download.

/**
 * The tasks board (under `board()`, each set of filters its own list) and each grant's tasks
 * (under `ofEveryGrant()`). A grant's tasks sit under the grants key, so whatever refreshes
 * grants refreshes them too.
 */
export const taskKeys = {
  board: () => ['/api/tasks'] as const,
  boardList: (params: TaskBoardParams) => [...taskKeys.board(), params] as const,
  ofEveryGrant: () => ['/api/grants', 'tasks'] as const,
  ofGrant: (grantId: number) => [...taskKeys.ofEveryGrant(), grantId] as const,
};

/** Where tasks show, with their status and their assignee's name: the board, the grants' pages, the dashboard. */
export const taskScreens = () => [taskKeys.board(), taskKeys.ofEveryGrant(), dashboardKeys.all];
