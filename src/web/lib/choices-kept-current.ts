import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from './api-client.ts';

/** The refusals read again for, with the fields they named: each once, however many watch. */
const readAgainFor = new WeakMap<object, Set<string>>();

/**
 * While mounted, reads the queries under `keys` again whenever a change is refused (400) for
 * `field`: a choice offered from data read before (a member, a contact) and gone meanwhile, in
 * another tab or browser. It is offered no more, and what it leaves behind shows as the server
 * left it. Each screen showing the choices watches; the first to hear of a refusal reads them
 * again, once, dropping a read begun before (its answer could still offer the choice gone).
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
        const fields = readAgainFor.get(event.mutation) ?? new Set<string>();
        if (fields.has(field)) return;
        readAgainFor.set(event.mutation, fields.add(field));
        for (const queryKey of keys()) void queryClient.invalidateQueries({ queryKey });
      }),
    [queryClient, field, keys],
  );
}
