import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlFilter } from './url-filters.ts';

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
