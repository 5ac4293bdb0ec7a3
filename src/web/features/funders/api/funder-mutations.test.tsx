import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { funderKeys } from './funder-keys.ts';
import { useMergeFunder } from './funder-mutations.ts';

describe('merging a funder', () => {
  it('leaves the merged funder’s page on screen as it was, and refreshes the kept one', async () => {
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        requests.push(`${init.method ?? 'GET'} ${url}`);
        return new Response('{"id":2,"name":"Hill Foundation"}', {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(funderKeys.one(2), { id: 2, name: 'Hill Foundation' });
    const shown = { id: 1, name: 'River Trust' };
    const page = new QueryObserver(queryClient, {
      queryKey: funderKeys.one(1),
      queryFn: async () => {
        requests.push('GET the merged funder');
        return shown;
      },
      initialData: shown,
    });
    const hide = page.subscribe(() => undefined);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(useMergeFunder, { wrapper });
    await act(() => result.current.mutateAsync({ id: 1, intoId: 2 }).then(() => undefined));

    expect(requests).toEqual(['POST /api/funders/1/merge']);
    expect(page.getCurrentResult().data).toEqual(shown);
    expect(queryClient.getQueryState(funderKeys.one(2))?.isInvalidated).toBe(true);
    hide();
  });
});
