import {
  type DataTag,
  notifyManager,
  type Query,
  type QueryClient,
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

/** Refusals that tell what is on screen is out of date: gone (404), taken (409), changed (412). */
const REFUSED_AS_STALE = new Set([404, 409, 412]);

/**
 * Whether the data on screen may be stale after a failed request: it may still have changed
 * something (a lost connection or a 5xx leaves that unknown; a 4xx says the server refused it
 * whole), or it was refused because of what someone else did meanwhile (REFUSED_AS_STALE: the
 * record deleted in another tab leaves the list at once, rather than at the next reload).
 */
const staleAfter = (error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) ||
  REFUSED_AS_STALE.has(error.status);

/**
 * Marks every query under `keys` stale and fetches again those on screen, after dropping the
 * fetches under way (they keep the data they had before), except the queries `gone`. All of it
 * happens at once, so no screen renders a query between its dropped fetch and its new one.
 */
function refreshQueries(queryClient: QueryClient, keys: readonly QueryKey[], gone: Query[]) {
  return notifyManager.batch(() => {
    const dropped = keys.map((queryKey) =>
      queryClient.cancelQueries({ queryKey, fetchStatus: 'fetching' }),
    );
    const refreshed = keys.map((queryKey) =>
      queryClient.invalidateQueries({ queryKey, predicate: (query) => !gone.includes(query) }),
    );
    return Promise.all([...dropped, ...refreshed]);
  });
}

/** What a mutation does to the cache besides its call (useInvalidatingMutation). */
interface CacheEffects<Variables> {
  /**
   * The queries of what a successful call made cease to be (a record deleted or merged away):
   * not fetched again (each would answer 404), and forgotten once no screen shows them.
   */
  gone?: (variables: Variables) => readonly QueryKey[];
}

/**
 * A mutation and the cached queries it makes stale: once it has succeeded, every query under
 * each key `refreshes` names is invalidated (the ones on screen fetch again), and `mutateAsync`
 * resolves only after that, so a dialog closes on lists that already show the change. After a
 * failure it refreshes only when the request may have landed (a lost connection, a 5xx) or the
 * record had changed meanwhile (404, 409, 412); after another refusal (4xx) nothing changed, and an
 * optimistic change (`onMutate`) is undone by `onError`.
 *
 * An answer still on its way was asked for before the change, yet would land as fresh data and
 * stay on screen until the next change (a query off screen is not fetched again when
 * invalidated, and one on screen fetching for the first time is not asked again): such fetches
 * are dropped first (`refreshQueries`), so the query fetches again now if on screen, or when next
 * shown.
 *
 * Keys come from the features' key factories (`contactKeys.all`, `dashboardKeys.all`…), never
 * written out, so a query and the mutations that refresh it cannot drift apart.
 */
export function useInvalidatingMutation<Variables, Result, Context = unknown>(
  mutationFn: (variables: Variables) => Promise<Result>,
  refreshes: (variables: Variables) => readonly QueryKey[],
  {
    gone,
    ...options
  }: Omit<UseMutationOptions<Result, Error, Variables, Context>, 'mutationFn' | 'onSettled'> &
    CacheEffects<Variables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSettled: async (_result, error, variables) => {
      if (error && !staleAfter(error)) return;
      const cache = queryClient.getQueryCache();
      const goneNow =
        (!error && gone?.(variables).flatMap((key) => cache.findAll({ queryKey: key }))) || [];
      const refreshed = refreshQueries(
        queryClient,
        [...refreshes(variables), ACTIVITY_KEY, SEARCH_KEY],
        goneNow,
      );
      // Loaded when first wanted (most visits delete nothing). Not loaded (a new version's
      // files replaced this one's), the queries are left to go in their time (gcTime).
      if (goneNow.length > 0) {
        import('./forget-once-unseen.ts')
          .then(({ forgetOnceUnseen }) => forgetOnceUnseen(queryClient, goneNow))
          .catch(() => undefined);
      }
      await refreshed;
    },
  });
}

/** How long an edit dialog waits for the saves under way before it opens anyway. */
const SAVES_PATIENCE_MS = 5_000;

/**
 * Runs `open` once no save is under way (and the lists each one refreshes have been fetched
 * again, useInvalidatingMutation): an edit dialog opened on a record just changed in place (its
 * status picked from the keyboard and left with Tab, then Edit) shows it as that save left it,
 * and saves over the version it left, instead of holding the value from before and refusing its
 * own change as someone else's. A save that takes over five seconds is not waited for further.
 */
export function useAfterSaves() {
  const queryClient = useQueryClient();
  return (open: () => void) => {
    if (queryClient.isMutating() === 0) {
      open();
      return;
    }
    let waiting = true;
    const done = () => {
      if (!waiting) return;
      waiting = false;
      stop();
      clearTimeout(patience);
      open();
    };
    const stop = queryClient.getMutationCache().subscribe(() => {
      if (queryClient.isMutating() === 0) done();
    });
    const patience = setTimeout(done, SAVES_PATIENCE_MS);
  };
}

/**
 * Opens an edit dialog (`open`) on the record of a list (`listKey`'s) with the given id, as the
 * saves under way leave it (useAfterSaves); not at all if it is no longer in the list.
 */
export function useEditLatest<T extends { id: number }>(
  listKey: DataTag<QueryKey, T[], Error>,
  open: (record: T) => void,
) {
  const queryClient = useQueryClient();
  const afterSaves = useAfterSaves();
  return (id: number) =>
    afterSaves(() => {
      const latest = queryClient.getQueryData(listKey)?.find((record) => record.id === id);
      if (latest) open(latest);
    });
}
