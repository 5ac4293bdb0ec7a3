import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { BoardTask, ListedTask, Task, TaskBoardParams } from '../../../../domain/grants.ts';
import type { TaskStatus } from '../../../../domain/task-constants.ts';
import { ApiError, api, withQuery } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard-api.ts';
import { funderKeys } from '../../funders/api/funder-keys.ts';
import { notificationKeys } from '../../notifications/api/notification-keys.ts';
import { taskKeys } from './task-keys.ts';

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

export const taskUrl = (grantId: number, taskId?: number) =>
  `/api/grants/${grantId}/tasks${taskId === undefined ? '' : `/${taskId}`}`;

/**
 * A task shows on its grant's page, on the board, on the dashboard when due soon or overdue, and
 * among the deadlines on its grant's funder's page while open.
 */
export const afterChange = ({ grantId }: { grantId: number }) => [
  taskKeys.ofGrant(grantId),
  taskKeys.board(),
  dashboardKeys.all,
  funderKeys.pages(),
  // Moved, completed or given to another, it takes its reminders from the menu.
  notificationKeys.all,
];

/**
 * A task deleted takes its reminders from the menu. At the version it was read at: refused (412)
 * if someone changed it since.
 */
export const useDeleteTask = () =>
  useInvalidatingMutation(
    (task: Task | BoardTask) => api.delete<unknown>(taskUrl(task.grantId, task.id), task.updatedAt),
    afterChange,
  );

/**
 * Changes a task's status (the select, or a drop on the board), at the `version` it was read at:
 * refused (412) if someone changed it since, rather than undoing their change unseen. The board
 * shows the change at once and puts the card back if the server refuses it.
 */
export function useSetTaskStatus() {
  const queryClient = useQueryClient();
  const boards = { queryKey: taskKeys.board() };
  /** Writes `fields` into the task's card on every board. */
  const put = (id: number, fields: Partial<BoardTask>) =>
    queryClient.setQueriesData<BoardTask[]>(boards, (tasks) =>
      tasks?.map((task) => (task.id === id ? { ...task, ...fields } : task)),
    );
  return useInvalidatingMutation(
    ({ task, status }: { task: Task | BoardTask; status: TaskStatus }) =>
      api.patch<Task>(taskUrl(task.grantId, task.id), { status }, task.updatedAt),
    ({ task }) => afterChange(task),
    {
      onMutate: async ({ task: { id }, status }) => {
        await queryClient.cancelQueries(boards);
        const previous: [QueryKey, BoardTask[] | undefined][] =
          queryClient.getQueriesData<BoardTask[]>(boards);
        put(id, { status });
        return { previous };
      },
      // The task as saved, its new version with it, at once: the card moved again before the
      // board is read anew is not refused as changed since (412) over this very move.
      onSuccess: (saved) => put(saved.id, saved),
      onError: (_error, _variables, context) => {
        for (const [key, tasks] of context?.previous ?? []) queryClient.setQueryData(key, tasks);
      },
    },
  );
}
