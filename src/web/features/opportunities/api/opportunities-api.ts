import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Opportunity,
  OpportunityInput,
  OpportunityPipeline,
} from '../../../../domain/opportunities.ts';
import { ApiError, api, withQuery } from '../../../lib/api-client.ts';

export const opportunitiesKey = ['/api/opportunities'] as const;

export interface OpportunityListParams {
  q?: string;
  sort?: string | undefined;
  limit?: number;
  offset?: number;
}

export const useOpportunities = (params: OpportunityListParams) =>
  useQuery({
    queryKey: [...opportunitiesKey, 'list', params],
    queryFn: () => api.getPage<Opportunity>(withQuery('/api/opportunities', { ...params })),
    placeholderData: keepPreviousData,
  });

export const useOpportunityPipeline = () =>
  useQuery({
    queryKey: [...opportunitiesKey, 'pipeline'],
    queryFn: () => api.get<OpportunityPipeline>('/api/opportunities/pipeline'),
  });

/** One opportunity, or null when there is none with that id in the company. */
export async function getOpportunity(id: number): Promise<Opportunity | null> {
  try {
    return await api.get<Opportunity>(`/api/opportunities/${id}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const useOpportunity = (id: number | null) =>
  useQuery({
    queryKey: [...opportunitiesKey, 'one', id],
    queryFn: () => getOpportunity(id ?? 0),
    enabled: id !== null,
  });

function useOpportunityMutation<Variables, Result>(fn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opportunitiesKey }),
        // Opportunities' organizations are suggested on the contact form.
        queryClient.invalidateQueries({ queryKey: ['/api/contacts', 'organizations'] }),
      ]),
  });
}

export const useCreateOpportunity = () =>
  useOpportunityMutation((input: OpportunityInput) =>
    api.post<Opportunity>('/api/opportunities', input),
  );
export const useUpdateOpportunity = () =>
  useOpportunityMutation(({ id, input }: { id: number; input: OpportunityInput }) =>
    api.patch<Opportunity>(`/api/opportunities/${id}`, input),
  );
export const useDeleteOpportunity = () =>
  useOpportunityMutation((id: number) => api.delete<unknown>(`/api/opportunities/${id}`));
