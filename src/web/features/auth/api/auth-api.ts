import {
  type Query,
  type QueryClient,
  type QueryFunctionContext,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CurrentUser } from '../../../../domain/auth.ts';
import { ApiError, api, forgetKnownPages } from '../../../lib/api-client.ts';

/** The signed-in user: the one query that is not the company's data. */
export const userKeys = {
  current: () => ['/api/user'] as const,
};

export const isUserQuery = (queryKey: readonly unknown[]) => queryKey[0] === userKeys.current()[0];

const companyData = { predicate: (query: Query) => !isUserQuery(query.queryKey) };

/** Nothing read for one user stays once another is signed in (or nobody is). */
function forgetCompanyData(client: QueryClient, signedIn: boolean) {
  forgetKnownPages();
  if (signedIn) void client.resetQueries(companyData);
  else client.removeQueries(companyData);
}

/**
 * The signed-in user, or null when the server answers 401 (SPEC §4). When it is not the one the
 * cache was read for (the session ended, or another tab signed in as someone else), the cache
 * keeps nothing of the other: the pages shown read again, as the user now signed in.
 */
async function getUser({ client, signal }: QueryFunctionContext): Promise<CurrentUser | null> {
  let user: CurrentUser | null = null;
  try {
    user = await api.get<CurrentUser>('/api/user');
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  const before = client.getQueryData<CurrentUser | null>(userKeys.current());
  const owner = (who: CurrentUser | null) => who && `${who.companyId}:${who.id}`;
  // A fetch called off (a sign-in came meanwhile) answers for a moment that has passed.
  if (!signal.aborted && before !== undefined && owner(before) !== owner(user)) {
    forgetCompanyData(client, !!user);
  }
  return user;
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

/** The other tabs of this browser, told when who is signed in here changes (sessionChanged). */
const tabs =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('grantwell:session');

/** Tells this browser's other tabs that who is signed in changed: each asks again who it is. */
export const sessionChanged = () => tabs?.postMessage('changed');

/**
 * Asks again who is signed in when it may have changed: another tab signed out or in; the server
 * answered a read of the company's data 401 (the session ended: this tab then shows the sign-in
 * page at once, not at the next check); or it refused a change 403 (an admin made a user
 * elsewhere loses the admin screens at the first refusal, not at a reload). A change refused 401
 * leaves the user where they are, the form as typed (its notice says the session ended): the
 * next read goes to the sign-in page.
 */
export function watchSession(client: QueryClient) {
  const askAgain = () => void client.invalidateQueries({ queryKey: userKeys.current() });
  tabs?.addEventListener('message', askAgain);
  const stopReads = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const { error } = event.action;
    const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
    if (refused && !isUserQuery(event.query.queryKey)) askAgain();
  });
  const stopChanges = client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const { error } = event.action;
    if (error instanceof ApiError && error.status === 403) askAgain();
  });
  return () => {
    tabs?.removeEventListener('message', askAgain);
    stopReads();
    stopChanges();
  };
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>('/api/logout'),
    onSuccess: async () => {
      // A user fetch still in flight (a focus refetch) would sign the user back in on screen.
      await queryClient.cancelQueries({ queryKey: userKeys.current() });
      queryClient.setQueryData(userKeys.current(), null);
      forgetCompanyData(queryClient, false);
      sessionChanged();
    },
  });
}
