import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../domain/auth.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

export const userQueryKey = ['/api/user'] as const;

/** The signed-in user, or null when the server answers 401 (SPEC §4). */
export async function getUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/api/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: getUser,
    retry: false,
    // The one query refreshed on its own: on focus and every five minutes (SPEC §9).
    refetchOnWindowFocus: 'always',
    refetchInterval: 300_000,
  });

export const useUser = () => useQuery(userQueryOptions());
