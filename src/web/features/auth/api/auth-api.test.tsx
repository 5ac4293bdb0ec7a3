import {
  MutationObserver,
  QueryClient,
  QueryClientProvider,
  QueryObserver,
} from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../../domain/auth.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { useIsAdmin, userKeys, userQueryOptions, watchSession } from './auth-api.ts';

const member: CurrentUser = {
  id: 3,
  name: 'Ada Lovelace',
  email: 'ada@harbor.example',
  username: 'ada',
  role: 'user',
  companyId: 1,
  companyName: 'Harbor Trust',
};

/** useIsAdmin with the signed-in user the server answered (null: nobody signed in). */
function isAdminFor(user: CurrentUser | null) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(userKeys.current(), user);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useIsAdmin(), { wrapper }).result.current;
}

describe('whether the signed-in user is an admin', () => {
  it('is true for an admin only', () => {
    expect(isAdminFor({ ...member, role: 'admin' })).toBe(true);
    expect(isAdminFor(member)).toBe(false);
    expect(isAdminFor(null)).toBe(false);
  });
});

describe("the cache, kept to the signed-in user's company", () => {
  const other: CurrentUser = { ...member, id: 9, companyId: 2, companyName: 'Other Trust' };

  /** The server's answer to GET /api/user from now on: `user`, or 401 for null. */
  const signedInAs = (user: CurrentUser | null) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(user ?? { message: 'Not signed in' }), {
            status: user ? 200 : 401,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );

  /**
   * A client whose user is `member`, with the dashboard read for them and shown on a page, and
   * a contacts list read but not shown; then the user is asked for again (a return to the tab).
   */
  async function askedAgain(answer: CurrentUser | null) {
    const client = createQueryClient();
    client.setQueryData(userKeys.current(), member);
    let reads = 0;
    const dashboard = new QueryObserver(client, {
      queryKey: ['/api/dashboard'],
      queryFn: async () => `dashboard read ${++reads}`,
    });
    const stop = dashboard.subscribe(() => {});
    await waitFor(() => expect(dashboard.getCurrentResult().data).toBe('dashboard read 1'));
    client.setQueryData(['/api/contacts'], [{ id: 1, name: 'Secret Contact' }]);
    signedInAs(answer);
    await client.fetchQuery({ ...userQueryOptions(), staleTime: 0 });
    return { client, dashboard, stop };
  }

  afterEach(() => vi.unstubAllGlobals());

  it('keeps what was read while the same user stays signed in', async () => {
    const { client, dashboard, stop } = await askedAgain({ ...member, name: 'Ada King' });
    expect(client.getQueryData(['/api/contacts'])).toHaveLength(1);
    expect(dashboard.getCurrentResult().data).toBe('dashboard read 1');
    stop();
  });

  it("drops another user's data, and reads the page shown again, as the new user", async () => {
    const { client, dashboard, stop } = await askedAgain(other);
    expect(client.getQueryData(['/api/contacts'])).toBeUndefined();
    await waitFor(() => expect(dashboard.getCurrentResult().data).toBe('dashboard read 2'));
    stop();
  });

  it('drops everything of the company when the session has ended', async () => {
    const { client, stop } = await askedAgain(null);
    expect(client.getQueryData(userKeys.current())).toBeNull();
    expect(client.getQueryData(['/api/contacts'])).toBeUndefined();
    expect(client.getQueryData(['/api/dashboard'])).toBeUndefined();
    stop();
  });
});

describe('who is signed in, asked again when it may have changed', () => {
  /** A client whose user is `member`, watched as the app watches it, and the user's fetches. */
  function watched() {
    const client = createQueryClient();
    client.setQueryData(userKeys.current(), member);
    const user = new QueryObserver(client, userQueryOptions());
    const stopUser = user.subscribe(() => {});
    const stopWatching = watchSession(client);
    const fetchUser = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'Not signed in' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchUser);
    return {
      client,
      fetchUser,
      stop: () => {
        stopWatching();
        stopUser();
      },
    };
  }

  afterEach(() => vi.unstubAllGlobals());

  it('when a read of the company data is answered 401: the session ended, the user is gone', async () => {
    const { client, fetchUser, stop } = watched();
    await expect(
      client.fetchQuery({
        queryKey: ['/api/contacts'],
        queryFn: () => Promise.reject(new ApiError(401, '401: Not signed in')),
      }),
    ).rejects.toThrow();
    await waitFor(() => expect(client.getQueryData(userKeys.current())).toBeNull());
    expect(fetchUser).toHaveBeenCalledWith('/api/user', expect.anything());
    stop();
  });

  it('not for another failure of a read', async () => {
    const { client, fetchUser, stop } = watched();
    await expect(
      client.fetchQuery({
        queryKey: ['/api/contacts'],
        queryFn: () => Promise.reject(new ApiError(500, '500: Something went wrong')),
      }),
    ).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchUser).not.toHaveBeenCalled();
    expect(client.getQueryData(userKeys.current())).toEqual(member);
    stop();
  });

  it('when another tab of the browser signs out or in', async () => {
    const { client, stop } = watched();
    const otherTab = new BroadcastChannel('grantwell:session');
    otherTab.postMessage('changed');
    await waitFor(() => expect(client.getQueryData(userKeys.current())).toBeNull());
    otherTab.close();
    stop();
  });

  /** A change sent through the cache, as the pages send theirs, that the server refuses. */
  const refusedChange = (client: QueryClient, status: number, message: string) =>
    new MutationObserver(client, {
      mutationFn: () => Promise.reject(new ApiError(status, `${status}: ${message}`)),
    })
      .mutate()
      .catch(() => undefined);

  it('when a change is refused 403: an admin made a user elsewhere loses the admin screens', async () => {
    const { client, fetchUser, stop } = watched();
    client.setQueryData(userKeys.current(), { ...member, role: 'admin' });
    fetchUser.mockImplementation(
      async () =>
        new Response(JSON.stringify(member), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await refusedChange(client, 403, 'Admin access required');
    await waitFor(() => expect(client.getQueryData(userKeys.current())).toEqual(member));
    stop();
  });

  it('not for a change refused for its content, nor for one refused 401: the form keeps what was typed', async () => {
    const { client, fetchUser, stop } = watched();
    await refusedChange(client, 400, 'Name is required');
    await refusedChange(client, 401, 'Not signed in');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchUser).not.toHaveBeenCalled();
    expect(client.getQueryData(userKeys.current())).toEqual(member);
    stop();
  });
});
