import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput, RegisterInput } from '../../../../domain/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { isUserQuery, sessionChanged, userKeys } from './auth-api.ts';

// Signing in and signing up, apart from auth-api.ts: only the sign-in page loads them.

/** After sign-in, every cached list is refreshed once the session has settled (SPEC §4). */
const POST_LOGIN_REFRESH_MS = 500;

/**
 * The user just signed in (or up) is the signed-in user: a fetch of the user still under way,
 * sent before, would answer that nobody is, and sign them out on screen.
 */
async function signedIn(queryClient: QueryClient, user: CurrentUser) {
  await queryClient.cancelQueries({ queryKey: userKeys.current() });
  queryClient.setQueryData(userKeys.current(), user);
  sessionChanged();
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<CurrentUser>('/api/login', input),
    onSuccess: async (user) => {
      await signedIn(queryClient, user);
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
    onSuccess: (user) => signedIn(queryClient, user),
  });
}
