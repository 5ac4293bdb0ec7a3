import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Interaction } from '../../../../domain/interactions.ts';
import { ApiError, api, withQuery } from '../../../lib/api-client.ts';

export const interactionsKey = ['/api/interactions'] as const;

export interface InteractionListParams {
  q?: string;
  contactId?: number;
  sort?: string | undefined;
  limit?: number;
  offset?: number;
}

export async function getInteractions(params: InteractionListParams) {
  try {
    return await api.getPage<Interaction>(withQuery('/api/interactions', { ...params }));
  } catch (error) {
    if (params.contactId !== undefined && error instanceof ApiError) {
      throw new ApiError(error.status, 'Failed to fetch interactions');
    }
    throw error;
  }
}

export const interactionsQueryOptions = (params: InteractionListParams) =>
  queryOptions({
    queryKey: [...interactionsKey, 'list', params],
    queryFn: () => getInteractions(params),
    placeholderData: keepPreviousData,
  });

export const useInteractions = (params: InteractionListParams) =>
  useQuery(interactionsQueryOptions(params));
