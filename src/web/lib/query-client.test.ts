import { describe, expect, it } from 'vitest';
import { userQueryOptions } from '../features/auth/api/auth-api.ts';
import { contactsQueryOptions } from '../features/contacts/api/contacts-api.ts';
import { createQueryClient } from './query-client.ts';

describe('query defaults (SPEC §4, §9)', () => {
  it('never retries, never refetches on its own, keeps data fresh and cached five minutes', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 300_000,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('refreshes the user on focus and every 300000 ms, without retrying', () => {
    expect(userQueryOptions()).toMatchObject({
      retry: false,
      refetchOnWindowFocus: 'always',
      refetchInterval: 300_000,
    });
  });

  it('refreshes the contacts list every 30 seconds with three retries', () => {
    expect(contactsQueryOptions({})).toMatchObject({ refetchInterval: 30_000, retry: 3 });
  });
});
