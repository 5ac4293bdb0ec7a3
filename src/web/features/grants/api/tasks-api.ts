import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaskStatus } from '../../../../domain/grant-constants.ts';
import type { BoardTask, Task, TaskInput } from '../../../../domain/grants.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';

/**
 * The tasks board (every task of the company) and one grant's tasks. A grant's tasks sit under
 * the grants key, so whatever refreshes grants refreshes them too.
 */
export const taskKeys = {
  board: () => ['/api/tasks'] as const,
  ofGrant: (grantId: number) => ['/api/grants', 'tasks', grantId] as const,
};

async function getGrantTasks(grantId: number): Promise<Task[]> {
  try {
    return await api.get<Task[]>(`/api/grants/${grantId}/tasks`);
  } catch (error) {
    throw new ApiError(error instanceof ApiError ? error.status : 0, 'Failed to fetch tasks');
  }
}

export const grantTasksQueryOptions = (grantId: number) =>
  queryOptions({ queryKey: taskKeys.ofGrant(grantId), queryFn: () => getGrantTasks(grantId) });

export const useGrantTasks = (grantId: number) => useQuery(grantTasksQueryOptions(grantId));

export const boardTasksQueryOptions = () =>
  queryOptions({ queryKey: taskKeys.board(), queryFn: () => api.get<BoardTask[]>('/api/tasks') });

export const useBoardTasks = () => useQuery(boardTasksQueryOptions());

const taskUrl = (grantId: number, taskId?: number) =>
  `/api/grants/${grantId}/tasks${taskId === undefined ? '' : `/${taskId}`}`;

/** A task shows on its grant's page and on the board. */
const afterChange = ({ grantId }: { grantId: number }) => [
  taskKeys.ofGrant(grantId),
  taskKeys.board(),
];

export const useCreateTask = () =>
  useInvalidatingMutation(
    ({ grantId, input }: { grantId: number; input: TaskInput }) =>
      api.post<Task>(taskUrl(grantId), input),
    afterChange,
  );

export const useUpdateTask = () =>
  useInvalidatingMutation(
    ({ grantId, taskId, input }: { grantId: number; taskId: number; input: TaskInput }) =>
      api.patch<Task>(taskUrl(grantId, taskId), input),
    afterChange,
  );

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
        await queryClient.cancelQueries({ queryKey: taskKeys.board() });
        const previous = queryClient.getQueryData<BoardTask[]>(taskKeys.board());
        queryClient.setQueryData<BoardTask[]>(taskKeys.board(), (tasks) =>
          tasks?.map((task) => (task.id === taskId ? { ...task, status } : task)),
        );
        return { previous };
      },
      onError: (_error, _variables, context) => {
        if (context?.previous) queryClient.setQueryData(taskKeys.board(), context.previous);
      },
    },
  );
}
