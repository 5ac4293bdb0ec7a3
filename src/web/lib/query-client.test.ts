import { focusManager, QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userQueryOptions } from '../features/auth/api/auth-api.ts';
import { contactsQueryOptions } from '../features/contacts/api/contacts-api.ts';
import { dashboardQueryOptions } from '../features/dashboard/api/dashboard-api.ts';
import { createQueryClient } from './query-client.ts';

// What the cache does on its own, over time (SPEC §4, §9): the network is a stand-in that
// counts the requests, the clock is Vitest's.

let requests = 0;
let failing = false;

beforeEach(() => {
  vi.useFakeTimers();
  requests = 0;
  failing = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      requests += 1;
      return failing
        ? new Response('{"message":"down"}', {
            status: 503,
            headers: { 'content-type': 'application/json' },
          })
        : new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

/** Shows the query on screen (an observer), as a component using it would. */
function watch<Data, Key extends readonly unknown[]>(
  options: QueryObserverOptions<Data, Error, Data, Data, Key>,
) {
  const client = createQueryClient();
  // As QueryClientProvider does: the client listens for focus and reconnection.
  client.mount();
  const unsubscribe = new QueryObserver(client, options).subscribe(() => {});
  const stop = () => {
    unsubscribe();
    client.unmount();
  };
  return { client, stop };
}

const passes = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const refocus = async () => {
  focusManager.setFocused(false);
  focusManager.setFocused(true);
  await passes(0);
};

describe('the query cache', () => {
  it('fetches data once: not again on focus or as time passes, until a change invalidates it', async () => {
    const { client, stop } = watch(dashboardQueryOptions());
    await passes(0);
    expect(requests).toBe(1);
    await refocus();
    await passes(10 * 60_000);
    expect(requests).toBe(1);
    await client.invalidateQueries({ queryKey: dashboardQueryOptions().queryKey });
    expect(requests).toBe(2);
    stop();
  });

  it('does not retry a failed fetch', async () => {
    failing = true;
    const { stop } = watch(dashboardQueryOptions());
    await passes(60_000);
    expect(requests).toBe(1);
    stop();
  });

  it('refreshes the signed-in user on focus and every five minutes', async () => {
    const { stop } = watch(userQueryOptions());
    await passes(0);
    expect(requests).toBe(1);
    await refocus();
    expect(requests).toBe(2);
    await passes(300_000);
    expect(requests).toBe(3);
    stop();
  });

  it('refreshes the contacts list every 30 seconds, retrying a failed fetch three times', async () => {
    const { stop } = watch(contactsQueryOptions({ limit: 25, offset: 0 }));
    await passes(0);
    expect(requests).toBe(1);
    await passes(30_000);
    expect(requests).toBe(2);
    failing = true;
    await passes(30_000);
    // The poll, then three retries (after 1, 2 and 4 seconds), then it gives up until the next.
    await passes(10_000);
    expect(requests).toBe(6);
    stop();
  });
});
