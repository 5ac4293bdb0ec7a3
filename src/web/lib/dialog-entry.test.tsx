import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useDialogEntry } from './dialog-entry.ts';
import { useUrlFilters } from './url-filters.ts';

describe("a dialog opened as an entry of the tab's history", () => {
  it('opens over the address as it is now: a filter chosen just before stays chosen', () => {
    const { result } = renderHook(
      () => ({
        stage: useDialogEntry<string>('stage'),
        filters: useUrlFilters((params) => ({ status: params.get('status') ?? undefined })),
        location: useLocation(),
      }),
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <MemoryRouter initialEntries={['/grants?view=pipeline']}>{children}</MemoryRouter>
        ),
      },
    );
    const [, open] = result.current.stage;
    const [, setFilters] = result.current.filters;
    act(() => {
      setFilters({ status: 'awarded' });
      open('awarded');
    });
    expect(result.current.stage[0]).toBe('awarded');
    expect(result.current.location.search).toBe('?view=pipeline&status=awarded');

    act(() => result.current.stage[2]());
    expect(result.current.stage[0]).toBeNull();
    expect(result.current.location.search).toBe('?view=pipeline&status=awarded');
  });

  it('closes onto the address as it is now: a search written while it was open is kept', () => {
    const { result } = renderHook(
      () => ({
        stage: useDialogEntry<string>('stage'),
        filters: useUrlFilters((params) => ({ q: params.get('q') ?? undefined })),
        location: useLocation(),
      }),
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <MemoryRouter initialEntries={['/grants?view=pipeline']}>{children}</MemoryRouter>
        ),
      },
    );
    act(() => result.current.stage[1]('draft'));
    // The search typed just before the stage was clicked, written as typing paused.
    act(() => result.current.filters[1]({ q: 'arts' }));
    expect(result.current.stage[0]).toBe('draft');
    act(() => result.current.stage[2]());
    expect(result.current.stage[0]).toBeNull();
    expect(result.current.location.search).toBe('?view=pipeline&q=arts');
  });
});
