import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlFilter, useUrlFilters } from './url-filters.ts';

describe('a filter kept in the address', () => {
  it('is read from the address, and cleared without adding to the history, the list back on its first page', () => {
    const { result } = renderHook(
      () => ({
        filter: useUrlFilter('organization'),
        location: useLocation(),
        navigation: useNavigationType(),
      }),
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <MemoryRouter initialEntries={['/contacts?organization=Hope+Trust&q=ada&page=2']}>
            {children}
          </MemoryRouter>
        ),
      },
    );
    expect(result.current.filter.value).toBe('Hope Trust');
    const shown = result.current.filter.shown('Organization: Hope Trust');
    expect(shown?.label).toBe('Organization: Hope Trust');

    act(() => shown?.clear());
    expect(result.current.filter.value).toBeUndefined();
    expect(result.current.filter.shown('Organization: Hope Trust')).toBeUndefined();
    // The search kept; the page dropped, as another filter makes another list.
    expect(result.current.location.search).toBe('?q=ada');
    // Back leaves the list rather than bringing the filter back.
    expect(result.current.navigation).toBe('REPLACE');
  });
});

describe('filters kept in the address', () => {
  it('keep each of two changes made before the page shows the first', () => {
    const { result } = renderHook(
      () => ({
        filters: useUrlFilters((params) => ({
          due: params.get('due') ?? undefined,
          q: params.get('q') ?? undefined,
        })),
        location: useLocation(),
      }),
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <MemoryRouter initialEntries={['/tasks?grant=3&due=overdue']}>{children}</MemoryRouter>
        ),
      },
    );
    // Both from the page as it was: 'Any due date' chosen, then the search written as typing
    // pauses, before the router has shown the first change.
    const [, setFilters] = result.current.filters;
    act(() => {
      setFilters({ due: undefined });
      setFilters({ q: 'plan' });
    });
    expect(result.current.location.search).toBe('?grant=3&q=plan');
    expect(result.current.filters[0]).toEqual({ due: undefined, q: 'plan' });
  });

  it("keep a dialog's entry open, and are dropped once another page is on its way", () => {
    const { result } = renderHook(
      () => ({
        filters: useUrlFilters((params) => ({ q: params.get('q') ?? undefined })),
        location: useLocation(),
        navigate: useNavigate(),
      }),
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <MemoryRouter
            initialEntries={[{ pathname: '/grants', state: { dialog: 'stage', shown: 'draft' } }]}
          >
            {children}
          </MemoryRouter>
        ),
      },
    );
    act(() => result.current.filters[1]({ q: 'arts' }));
    expect(result.current.location.search).toBe('?q=arts');
    expect(result.current.location.state).toEqual({ dialog: 'stage', shown: 'draft' });

    // A link followed, then the search typed before it written, from the list as it was shown.
    const [, setFilters] = result.current.filters;
    act(() => {
      void result.current.navigate('/tasks');
      setFilters({ q: 'parks' });
    });
    expect(result.current.location.pathname).toBe('/tasks');
    expect(result.current.location.search).toBe('');
  });
});
