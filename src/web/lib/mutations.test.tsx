import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useInvalidatingMutation } from './mutations.ts';
import { createQueryClient } from './query-client.ts';

/**
 * A stand-in for the server's record: each read is answered with the revision it was asked for
 * at, only when the test lets it land, so a read can be on its way while the record changes.
 */
function slowRecord() {
  let revision = 1;
  const waiting: (() => void)[] = [];
  return {
    read: () =>
      new Promise<{ revision: number }>((resolve) => {
        const asked = revision;
        waiting.push(() => resolve({ revision: asked }));
      }),
    async change() {
      revision += 1;
      return revision;
    },
    /** Lets every read on its way land. */
    answer() {
      for (const land of waiting.splice(0)) land();
    },
    get waiting() {
      return waiting.length;
    },
  };
}

const KEY = ['/api/records', 7] as const;

function setup() {
  const record = slowRecord();
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useInvalidatingMutation(record.change, () => [KEY]), {
    wrapper,
  });
  /** A screen showing the record: it reads it when shown, unless it has fresh data. */
  const show = () => {
    const screen = new QueryObserver(queryClient, { queryKey: KEY, queryFn: record.read });
    const hide = screen.subscribe(() => undefined);
    return { screen, hide };
  };
  /** Changes the record; `meanwhile` runs while the change is under way. */
  const change = (meanwhile: () => Promise<void> = async () => undefined) =>
    act(async () => {
      const changed = result.current.mutateAsync(undefined);
      await meanwhile();
      await changed;
    });
  const shown = () => queryClient.getQueryData<{ revision: number }>(KEY)?.revision;
  /** Lets the reads land once the screen has asked again, after the change. */
  const answerOnceAskedAgain = async () => {
    while (record.waiting < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    record.answer();
  };
  return { record, show, change, shown, answerOnceAskedAgain };
}

describe('a change made while a read is on its way', () => {
  it('is shown by a screen closed meanwhile, when it is opened again', async () => {
    const { record, show, change, shown } = setup();
    const first = show();
    expect(record.waiting).toBe(1);
    first.hide();

    await change();
    record.answer();
    await waitFor(() => expect(record.waiting).toBe(0));

    const again = show();
    await waitFor(() => expect(record.waiting).toBe(1));
    record.answer();
    await waitFor(() => expect(shown()).toBe(2));
    again.hide();
  });

  it('is shown by a screen on its first read', async () => {
    const { record, show, change, shown, answerOnceAskedAgain } = setup();
    const { screen, hide } = show();
    expect(record.waiting).toBe(1);

    await change(answerOnceAskedAgain);
    expect(screen.getCurrentResult().data).toEqual({ revision: 2 });
    expect(shown()).toBe(2);
    hide();
  });

  it('is shown by a screen refreshing what it had', async () => {
    const { record, show, change, shown, answerOnceAskedAgain } = setup();
    const { screen, hide } = show();
    record.answer();
    await waitFor(() => expect(shown()).toBe(1));

    void screen.refetch();
    expect(record.waiting).toBe(1);
    await change(answerOnceAskedAgain);
    expect(screen.getCurrentResult().data).toEqual({ revision: 2 });
    hide();
  });
});
