import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput } from '../../../../domain/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { userQueryKey } from './get-user.ts';

/** After sign-in, every cached list is refreshed once the session has settled (SPEC §4). */
export const POST_LOGIN_REFRESH_MS = 500;

export const login = (input: LoginInput) => api.post<CurrentUser>('/api/login', input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      setTimeout(() => {
        void queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] !== userQueryKey[0],
        });
      }, POST_LOGIN_REFRESH_MS);
    },
  });
}
