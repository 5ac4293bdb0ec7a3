import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput, RegisterInput } from '../../../../domain/auth.ts';
import { ApiError, api, forgetKnownPages } from '../../../lib/api-client.ts';

/** The signed-in user: the one query that is not the company's data. */
export const userKeys = {
  current: () => ['/api/user'] as const,
};

const isUserQuery = (queryKey: readonly unknown[]) => queryKey[0] === userKeys.current()[0];

/** The signed-in user, or null when the server answers 401 (SPEC §4). */
async function getUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/api/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.current(),
    queryFn: getUser,
    retry: false,
    // The one query refreshed on its own: on focus and every five minutes (SPEC §9).
    refetchOnWindowFocus: 'always',
    refetchInterval: 300_000,
  });

export const useUser = () => useQuery(userQueryOptions());

/**
 * Whether the signed-in user is an administrator: the pages offer admins' actions to admins
 * only. The server decides (requireAdmin); this only mirrors it.
 */
export const useIsAdmin = () => useUser().data?.role === 'admin';

/** After sign-in, every cached list is refreshed once the session has settled (SPEC §4). */
const POST_LOGIN_REFRESH_MS = 500;

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<CurrentUser>('/api/login', input),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.current(), user);
      setTimeout(() => {
        void queryClient.invalidateQueries({ predicate: (query) => !isUserQuery(query.queryKey) });
      }, POST_LOGIN_REFRESH_MS);
    },
  });
}

/**
 * SPEC §3 has the client add companyId 1 and role admin; the server ignores both and makes the
 * registrant the admin of a new company named after their organization.
 */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      api.post<CurrentUser>('/api/register', { ...input, companyId: 1, role: 'admin' }),
    onSuccess: (user) => queryClient.setQueryData(userKeys.current(), user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>('/api/logout'),
    onSuccess: async () => {
      // A user fetch still in flight (a focus refetch) would sign the user back in on screen.
      await queryClient.cancelQueries({ queryKey: userKeys.current() });
      queryClient.setQueryData(userKeys.current(), null);
      // Nothing of the previous user's company may linger in the cache.
      queryClient.removeQueries({ predicate: (query) => !isUserQuery(query.queryKey) });
      forgetKnownPages();
    },
  });
}
