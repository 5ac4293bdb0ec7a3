import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Grant, GrantInput, Pipeline } from '../../../../domain/grants.ts';
import { ApiError, api, withQuery } from '../../../lib/api-client.ts';

export const grantsKey = ['/api/grants'] as const;

export interface GrantListParams {
  q?: string;
  funder?: string;
  status?: string;
  sort?: string | undefined;
  limit?: number;
  offset?: number;
}

export const getGrants = (params: GrantListParams) =>
  api.getPage<Grant>(withQuery('/api/grants', { ...params }));

export const grantsQueryOptions = (params: GrantListParams) =>
  queryOptions({
    queryKey: [...grantsKey, 'list', params],
    queryFn: () => getGrants(params),
    placeholderData: keepPreviousData,
  });

export const useGrants = (params: GrantListParams, enabled = true) =>
  useQuery({ ...grantsQueryOptions(params), enabled });

export const usePipeline = () =>
  useQuery({
    queryKey: [...grantsKey, 'pipeline'],
    queryFn: () => api.get<Pipeline>('/api/grants/pipeline'),
  });

/** One grant, or null when there is none with that id in the company. */
export async function getGrant(id: number): Promise<Grant | null> {
  try {
    return await api.get<Grant>(`/api/grants/${id}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const useGrant = (id: number | null) =>
  useQuery({
    queryKey: [...grantsKey, 'one', id],
    queryFn: () => getGrant(id ?? 0),
    enabled: id !== null,
  });

/** Grants change the pipeline, the dashboard and the grant names on the board. */
function useGrantMutation<Variables, Result>(fn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all(
        [grantsKey, ['/api/dashboard'], ['/api/tasks']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useCreateGrant = () =>
  useGrantMutation((input: GrantInput) => api.post<Grant>('/api/grants', input));
export const useUpdateGrant = () =>
  useGrantMutation(({ id, input }: { id: number; input: Partial<GrantInput> }) =>
    api.patch<Grant>(`/api/grants/${id}`, input),
  );
export const useDeleteGrant = () =>
  useGrantMutation((id: number) => api.delete<unknown>(`/api/grants/${id}`));
