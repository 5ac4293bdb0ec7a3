import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { BulkResult, BulkTaskAssignee, BulkTaskStatus } from '../../../../domain/bulk.ts';
import type {
  BoardTask,
  ListedTask,
  Task,
  TaskBoardParams,
  TaskInput,
} from '../../../../domain/grants.ts';
import type { TaskStatus } from '../../../../domain/task-constants.ts';
import { ApiError, api, withQuery } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import * as recordApi from '../../../lib/record-api.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard-api.ts';
import { funderKeys } from '../../funders/api/funder-keys.ts';
import { notificationKeys } from '../../notifications/api/notification-keys.ts';
import { taskKeys, taskScreens } from './task-keys.ts';

async function getGrantTasks(grantId: number): Promise<ListedTask[]> {
  try {
    return await api.get<ListedTask[]>(`/api/grants/${grantId}/tasks`);
  } catch (error) {
    throw new ApiError(error instanceof ApiError ? error.status : 0, 'Failed to fetch tasks');
  }
}

export const grantTasksQueryOptions = (grantId: number) =>
  queryOptions({ queryKey: taskKeys.ofGrant(grantId), queryFn: () => getGrantTasks(grantId) });

export const useGrantTasks = (grantId: number) => useQuery(grantTasksQueryOptions(grantId));

/** The board's tasks; a change of filters keeps the cards shown until the new ones arrive. */
export const boardTasksQueryOptions = (params: TaskBoardParams) =>
  queryOptions({
    queryKey: taskKeys.boardList(params),
    queryFn: () => api.get<BoardTask[]>(withQuery('/api/tasks', { ...params })),
    placeholderData: keepPreviousData,
  });

export const useBoardTasks = (params: TaskBoardParams) => useQuery(boardTasksQueryOptions(params));

const taskUrl = (grantId: number, taskId?: number) =>
  `/api/grants/${grantId}/tasks${taskId === undefined ? '' : `/${taskId}`}`;

/**
 * A task shows on its grant's page, on the board, on the dashboard when due soon or overdue, and
 * among the deadlines on its grant's funder's page while open.
 */
const afterChange = ({ grantId }: { grantId: number }) => [
  taskKeys.ofGrant(grantId),
  taskKeys.board(),
  dashboardKeys.all,
  funderKeys.pages(),
  // Moved, completed or given to another, it takes its reminders from the menu.
  notificationKeys.all,
];

export const useCreateTask = () =>
  useInvalidatingMutation(
    ({ grantId, input }: { grantId: number; input: TaskInput }) =>
      api.post<Task>(taskUrl(grantId), input),
    afterChange,
  );

/** The whole form, at the `version` it was read at: refused (412) if changed since. */
export const useUpdateTask = () =>
  useInvalidatingMutation(
    ({
      grantId,
      taskId,
      input,
      version,
    }: {
      grantId: number;
      taskId: number;
      input: TaskInput;
      version: string | undefined;
    }) => api.patch<Task>(taskUrl(grantId, taskId), input, version),
    afterChange,
  );

/** A task deleted takes its reminders from the menu. */
export const useDeleteTask = () =>
  useInvalidatingMutation(
    ({ grantId, taskId }: { grantId: number; taskId: number }) =>
      api.delete<unknown>(taskUrl(grantId, taskId)),
    afterChange,
  );

/**
 * Changes a task's status (the select, or a drop on the board). The board shows the change at
 * once and puts the card back if the server refuses it.
 */
export function useSetTaskStatus() {
  const queryClient = useQueryClient();
  return useInvalidatingMutation(
    ({ grantId, taskId, status }: { grantId: number; taskId: number; status: TaskStatus }) =>
      api.patch<Task>(taskUrl(grantId, taskId), { status }),
    afterChange,
    {
      onMutate: async ({ taskId, status }) => {
        const boards = { queryKey: taskKeys.board() };
        await queryClient.cancelQueries(boards);
        const previous: [QueryKey, BoardTask[] | undefined][] =
          queryClient.getQueriesData<BoardTask[]>(boards);
        queryClient.setQueriesData<BoardTask[]>(boards, (tasks) =>
          tasks?.map((task) => (task.id === taskId ? { ...task, status } : task)),
        );
        return { previous };
      },
      onError: (_error, _variables, context) => {
        for (const [key, tasks] of context?.previous ?? []) queryClient.setQueryData(key, tasks);
      },
    },
  );
}

/** After a change to many tasks: where tasks show, the funders' pages' deadlines, reminders. */
const afterBulkChange = () => [...taskScreens(), funderKeys.pages(), notificationKeys.all];

export const useBulkDeleteTasks = () => recordApi.useBulkDelete('/api/tasks', afterBulkChange);

/** Sets the status of the chosen tasks in one request. */
export const useBulkTaskStatus = () =>
  useInvalidatingMutation(
    (change: BulkTaskStatus) => api.post<BulkResult>('/api/tasks/bulk-status', change),
    afterBulkChange,
  );

/** Gives the chosen tasks to one member, or to nobody, in one request. */
export const useBulkTaskAssignee = () =>
  useInvalidatingMutation(
    (change: BulkTaskAssignee) => api.post<BulkResult>('/api/tasks/bulk-assign', change),
    afterBulkChange,
  );
