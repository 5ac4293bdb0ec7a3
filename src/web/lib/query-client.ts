import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** SPEC §7: a query with no function of its own GETs the first element of its key. */
const getFirstKey: QueryFunction = ({ queryKey }) => api.get(String(queryKey[0]));

/**
 * SPEC §4 and §9: data is never stale and is refreshed only when a mutation invalidates it;
 * no retries, no refetch on focus, unused data kept five minutes.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getFirstKey,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}
