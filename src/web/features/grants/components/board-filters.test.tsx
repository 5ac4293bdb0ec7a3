import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SEARCH_TEXT_MAX } from '../../../../domain/list-constants.ts';
import { useBoardFilters } from './board-filters.ts';

const filtersAt = (url: string) =>
  renderHook(useBoardFilters, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    ),
  }).result.current;

describe("the board's filters in the address", () => {
  it('read a grant by its id', () => {
    expect(filtersAt('/tasks?grant=12').params.grantId).toBe(12);
  });

  it("read whose tasks: the signed-in user's, or everyone's when the value is no choice", () => {
    const mine = filtersAt('/tasks?assignee=me');
    expect(mine.params.assignee).toBe('me');
    expect(mine.active).toBe(true);
    for (const url of ['/tasks', '/tasks?assignee=you', '/tasks?assignee=']) {
      const filters = filtersAt(url);
      expect(filters.params.assignee).toBeUndefined();
      expect(filters.active).toBe(false);
    }
  });

  it('leave out a grant that is no id a record can have, and show the board unfiltered', () => {
    for (const grant of ['0', '-3', '1e3', '3000000000', 'twelve']) {
      const filters = filtersAt(`/tasks?grant=${grant}`);
      expect(filters.params.grantId).toBeUndefined();
      expect(filters.active).toBe(false);
    }
  });

  it('write a search to the address once typing pauses, unless longer than the board takes', async () => {
    const { result } = renderHook(useBoardFilters, {
      wrapper: ({ children }: { children: ReactNode }) => (
        <MemoryRouter initialEntries={['/tasks?q=budget']}>{children}</MemoryRouter>
      ),
    });
    act(() => result.current.setSearch('x'.repeat(SEARCH_TEXT_MAX + 1)));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(result.current.params.q).toBe('budget');
    act(() => result.current.setSearch('x'.repeat(SEARCH_TEXT_MAX)));
    await waitFor(() => expect(result.current.params.q).toBe('x'.repeat(SEARCH_TEXT_MAX)));
  });
});
