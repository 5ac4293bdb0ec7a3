import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * Forgets the cached queries `gone` (of a record deleted or merged away, and its parts), each
 * once no screen shows it. Removed while its page was still on screen (until the page moved on),
 * a query was built again empty and fetched again, answered 404, and the page said for a moment
 * that the record was not found.
 */
export function forgetOnceUnseen(queryClient: QueryClient, gone: Query[]) {
  const cache = queryClient.getQueryCache();
  const forget = () => {
    for (const query of gone) if (!query.getObserversCount()) cache.remove(query);
    return gone.every((query) => cache.get(query.queryHash) !== query);
  };
  if (forget()) return;
  const stop = cache.subscribe(({ type }) => type === 'observerRemoved' && forget() && stop());
}
