import type { TaskBoardParams } from '../../../../domain/grants.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard-api.ts';

// The tasks' and requirements' query keys, apart from their API modules: the grants' and the
// team's API modules refresh them without taking their calls into their pages' download.

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

/**
 * One grant's requirements. They sit under the grants key, so whatever refreshes grants (a
 * grant deleted takes its requirements with it) refreshes them too.
 */
export const requirementKeys = {
  ofEveryGrant: () => ['/api/grants', 'requirements'] as const,
  ofGrant: (grantId: number) => [...requirementKeys.ofEveryGrant(), grantId] as const,
};

/**
 * What a member's leaving changes: the tasks and requirements assigned to them are left to no
 * one (each at a new version, so an edit made from the copy shown before would be refused).
 */
export const assigneeLeftScreens = () => [...taskScreens(), requirementKeys.ofEveryGrant()];
