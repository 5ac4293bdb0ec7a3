import {
  type QueryKey,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';

/**
 * A mutation and the cached queries it makes stale: once it has settled, every query under each
 * key `refreshes` names is invalidated (the ones on screen fetch again), and `mutateAsync`
 * resolves only after that, so a dialog closes on lists that already show the change. It
 * refreshes after a failure too: a request that failed on the way back may still have been
 * applied, and an optimistic change (`onMutate`) must be replaced by what the server holds.
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
    onSettled: async (_result, _error, variables) => {
      await Promise.all(
        refreshes(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
