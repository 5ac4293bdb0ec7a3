import { MutationObserver, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { useChoicesKeptCurrent } from './choices-kept-current.ts';
import { createQueryClient } from './query-client.ts';

describe('choices kept current against refusals of what they offered', () => {
  const choicesKey = ['/api/organization/users'] as const;
  const otherKey = ['/api/tasks'] as const;
  const refreshed = () => [choicesKey, otherKey];

  /**
   * The choices and another list on screen (each read counted), watched as a field offering
   * them watches, and a change sent through the cache that the server refuses with `error`.
   */
  async function refusedWith(error: ApiError) {
    const queryClient = createQueryClient();
    const reads = { choices: 0, other: 0 };
    const observers = [
      new QueryObserver(queryClient, {
        queryKey: choicesKey,
        queryFn: async () => ++reads.choices,
      }),
      new QueryObserver(queryClient, { queryKey: otherKey, queryFn: async () => ++reads.other }),
    ];
    const stops = observers.map((observer) => observer.subscribe(() => {}));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    // Two screens show the choices at once: each watches, the lists are read once.
    const watching = [
      renderHook(() => useChoicesKeptCurrent('assigneeId', refreshed), { wrapper }),
      renderHook(() => useChoicesKeptCurrent('assigneeId', refreshed), { wrapper }),
    ];
    await waitFor(() => expect(reads).toEqual({ choices: 1, other: 1 }));
    await new MutationObserver(queryClient, { mutationFn: () => Promise.reject(error) })
      .mutate()
      .catch(() => undefined);
    return {
      reads,
      stop: () => {
        for (const view of watching) view.unmount();
        for (const stop of stops) stop();
      },
    };
  }

  const issue = (path: string, message: string) =>
    new ApiError(400, `400: ${message}`, undefined, [{ path, message }]);

  it('reads them again, once, when a change is refused for the field that offers them', async () => {
    const { reads, stop } = await refusedWith(
      issue('assigneeId', 'Assignee must be a member of your organization'),
    );
    await waitFor(() => expect(reads).toEqual({ choices: 2, other: 2 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toEqual({ choices: 2, other: 2 });
    stop();
  });

  it('drops a read begun before the refusal: its answer could still offer the choice gone', async () => {
    const queryClient = createQueryClient();
    let reads = 0;
    // Each read answers, a moment later, the number it was asked as.
    const read = () => {
      const asked = ++reads;
      return new Promise<number>((resolve) => setTimeout(() => resolve(asked), 30));
    };
    const team = new QueryObserver(queryClient, { queryKey: choicesKey, queryFn: read });
    const stop = team.subscribe(() => {});
    await waitFor(() => expect(team.getCurrentResult().data).toBe(1));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const view = renderHook(() => useChoicesKeptCurrent('assigneeId', () => [choicesKey]), {
      wrapper,
    });
    // A read is on its way (asked before the member was removed) as the refusal comes.
    void team.refetch();
    await new MutationObserver(queryClient, {
      mutationFn: () => Promise.reject(issue('assigneeId', 'Assignee must be a member')),
    })
      .mutate()
      .catch(() => undefined);
    await waitFor(() => expect(team.getCurrentResult().data).toBe(3));
    view.unmount();
    stop();
  });

  it('not when another field is refused', async () => {
    const { reads, stop } = await refusedWith(issue('name', 'Name is required'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toEqual({ choices: 1, other: 1 });
    stop();
  });
});
