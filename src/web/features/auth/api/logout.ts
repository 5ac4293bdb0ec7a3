import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, forgetKnownPages } from '../../../lib/api-client.ts';
import { userQueryKey } from './get-user.ts';

export const logout = () => api.post<unknown>('/api/logout');

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // A user fetch still in flight (a focus refetch) would sign the user back in on screen.
      await queryClient.cancelQueries({ queryKey: userQueryKey });
      queryClient.setQueryData(userQueryKey, null);
      // Nothing of the previous user's company may linger in the cache.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
      forgetKnownPages();
    },
  });
}
