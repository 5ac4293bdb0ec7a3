import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardTask, Task, TaskInput, TaskStatus } from '../../../../domain/grants.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

export const boardTasksKey = ['/api/tasks'] as const;
export const grantTasksKey = (grantId: number) => ['/api/grants', 'tasks', grantId] as const;

export async function getGrantTasks(grantId: number): Promise<Task[]> {
  try {
    return await api.get<Task[]>(`/api/grants/${grantId}/tasks`);
  } catch (error) {
    throw new ApiError(error instanceof ApiError ? error.status : 0, 'Failed to fetch tasks');
  }
}

export const useGrantTasks = (grantId: number) =>
  useQuery({ queryKey: grantTasksKey(grantId), queryFn: () => getGrantTasks(grantId) });

export const useBoardTasks = () =>
  useQuery({ queryKey: boardTasksKey, queryFn: () => api.get<BoardTask[]>('/api/tasks') });

const taskUrl = (grantId: number, taskId?: number) =>
  `/api/grants/${grantId}/tasks${taskId === undefined ? '' : `/${taskId}`}`;

function useTaskMutation<Variables extends { grantId: number }, Result>(
  fn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: (_result, _error, { grantId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: grantTasksKey(grantId) }),
        queryClient.invalidateQueries({ queryKey: boardTasksKey }),
      ]),
  });
}

export const useCreateTask = () =>
  useTaskMutation(({ grantId, input }: { grantId: number; input: TaskInput }) =>
    api.post<Task>(taskUrl(grantId), input),
  );

export const useUpdateTask = () =>
  useTaskMutation(
    ({ grantId, taskId, input }: { grantId: number; taskId: number; input: TaskInput }) =>
      api.patch<Task>(taskUrl(grantId, taskId), input),
  );

export const useDeleteTask = () =>
  useTaskMutation(({ grantId, taskId }: { grantId: number; taskId: number }) =>
    api.delete<unknown>(taskUrl(grantId, taskId)),
  );

/**
 * Changes a task's status (the select, or a drop on the board). The board shows the change at
 * once and puts the card back if the server refuses it.
 */
export function useSetTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      grantId,
      taskId,
      status,
    }: {
      grantId: number;
      taskId: number;
      status: TaskStatus;
    }) => api.patch<Task>(taskUrl(grantId, taskId), { status }),
    onMutate: async ({ taskId, status }) => {
      await queryClient.cancelQueries({ queryKey: boardTasksKey });
      const previous = queryClient.getQueryData<BoardTask[]>(boardTasksKey);
      queryClient.setQueryData<BoardTask[]>(boardTasksKey, (tasks) =>
        tasks?.map((task) => (task.id === taskId ? { ...task, status } : task)),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(boardTasksKey, context.previous);
    },
    onSettled: (_result, _error, { grantId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: grantTasksKey(grantId) }),
        queryClient.invalidateQueries({ queryKey: boardTasksKey }),
      ]),
  });
}
