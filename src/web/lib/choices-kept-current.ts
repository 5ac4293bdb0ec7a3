import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from './api-client.ts';

/**
 * While mounted, reads the queries under `keys` again whenever a change is refused (400) for
 * `field`: a choice offered from data read before (a member, a contact) and gone meanwhile, in
 * another tab or browser. It is offered no more, and what it leaves behind shows as the server
 * left it. Each screen showing the choices watches; a read already under way is not asked again.
 * `keys` is a module's function, the same at each render.
 */
export function useChoicesKeptCurrent(field: string, keys: () => readonly QueryKey[]) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const { error } = event.action;
        const refused = error instanceof ApiError && error.status === 400;
        if (!refused || !error.issues.some((issue) => issue.path === field)) return;
        for (const queryKey of keys()) {
          void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
        }
      }),
    [queryClient, field, keys],
  );
}
