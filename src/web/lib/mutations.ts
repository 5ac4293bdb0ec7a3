import {
  type QueryKey,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * The history of changes (GET /api/activity): every write to a record adds to it, so every
 * mutation refreshes it (the History sections and the dashboard's Recent activity on screen).
 */
export const ACTIVITY_KEY = ['/api/activity'] as const;

/** The search over everything (GET /api/search): a change can add, rename or remove a result. */
export const SEARCH_KEY = ['/api/search'] as const;

/**
 * Whether the data on screen may be stale after a failed request: it may still have changed
 * something (a lost connection or a 5xx leaves that unknown; a 4xx says the server refused it
 * whole), or it was refused because someone else changed the record (412).
 */
const staleAfter = (error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) || error.status === 412;

/**
 * A mutation and the cached queries it makes stale: once it has succeeded, every query under
 * each key `refreshes` names is invalidated (the ones on screen fetch again), and `mutateAsync`
 * resolves only after that, so a dialog closes on lists that already show the change. After a
 * failure it refreshes only when the request may have landed (a lost connection, a 5xx) or the
 * record had changed meanwhile (412); after another refusal (4xx) nothing changed, and an
 * optimistic change (`onMutate`) is undone by `onError`.
 *
 * Keys come from the features' key factories (`contactKeys.all`, `dashboardKeys.all`…), never
 * written out, so a query and the mutations that refresh it cannot drift apart.
 */
export function useInvalidatingMutation<Variables, Result, Context = unknown>(
  mutationFn: (variables: Variables) => Promise<Result>,
  refreshes: (variables: Variables) => readonly QueryKey[],
  options: Omit<
    UseMutationOptions<Result, Error, Variables, Context>,
    'mutationFn' | 'onSettled'
  > = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSettled: async (_result, error, variables) => {
      if (error && !staleAfter(error)) return;
      await Promise.all(
        [...refreshes(variables), ACTIVITY_KEY, SEARCH_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
