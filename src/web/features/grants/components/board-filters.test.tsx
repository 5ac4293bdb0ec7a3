import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_TEXT_MAX } from '../../../../domain/list-constants.ts';
import { SEARCH_TOO_LONG } from '../../../components/list-controls.tsx';
import { NoMatches } from '../../../components/query-states.tsx';
import { renderPage } from '../../../test/render.tsx';
import { BoardFilterBar } from './board-filter-bar.tsx';
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
});

describe("the board's search box", () => {
  it('keeps the keys typed while the address catches up with the search written before them', () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(useBoardFilters, {
        wrapper: ({ children }: { children: ReactNode }) => (
          <MemoryRouter initialEntries={['/tasks']}>{children}</MemoryRouter>
        ),
      });
      act(() => result.current.setSearch('bud'));
      // Typing paused: 'bud' goes to the address, and 'g' is typed before the page shows it.
      act(() => {
        vi.advanceTimersByTime(250);
        result.current.setSearch('budg');
      });
      expect(result.current.params.q).toBe('bud');
      expect(result.current.search).toBe('budg');
      act(() => vi.advanceTimersByTime(250));
      expect(result.current.params.q).toBe('budg');
      expect(result.current.search).toBe('budg');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the search of an address it did not write, and drops one still to be written', () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(
        () => ({ filters: useBoardFilters(), navigate: useNavigate() }),
        {
          wrapper: ({ children }: { children: ReactNode }) => (
            <MemoryRouter initialEntries={['/tasks']}>{children}</MemoryRouter>
          ),
        },
      );
      act(() => result.current.filters.setSearch('bud'));
      act(() => vi.advanceTimersByTime(250));
      // A space typed after it is the same search: nothing more is written.
      act(() => result.current.filters.setSearch('bud '));
      act(() => vi.advanceTimersByTime(250));
      expect(result.current.filters.params.q).toBe('bud');
      // The sidebar's Tasks link, then Back: the box shows each address's search.
      act(() => void result.current.navigate('/tasks'));
      expect(result.current.filters.search).toBe('');
      act(() => void result.current.navigate(-1));
      expect(result.current.filters.params.q).toBe('bud');
      expect(result.current.filters.search).toBe('bud');
      // Typed, then the link followed before typing paused: what was typed is not written.
      act(() => result.current.filters.setSearch('budget'));
      act(() => void result.current.navigate('/tasks'));
      act(() => vi.advanceTimersByTime(250));
      expect(result.current.filters.params.q).toBeUndefined();
      expect(result.current.filters.search).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes a search to the address once typing pauses, unless longer than the board takes: it says so', async () => {
    function Bar() {
      const filters = useBoardFilters();
      return <BoardFilterBar filters={filters} tasks={[]} />;
    }
    renderPage(<Bar />, {
      url: '/tasks?q=budget',
      answer: ({ url }) => (url.startsWith('/api/grants') ? { body: [], total: 0 } : undefined),
    });
    const user = userEvent.setup({ delay: null });
    const box = await screen.findByRole('searchbox', { name: 'Search tasks' });
    const address = () => screen.getByTestId('location').textContent;
    // Pasted over the search shown, in one change: cleared first, a slow machine could take the
    // empty search before the paste came.
    await user.tripleClick(box);
    await user.paste('x'.repeat(SEARCH_TEXT_MAX + 1));
    expect(await screen.findByText(SEARCH_TOO_LONG)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The last search it took stays.
    expect(address()).toBe('/tasks?q=budget');
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(address()).toBe(`/tasks?q=${'x'.repeat(SEARCH_TEXT_MAX)}`));
  });

  it('keeps the focus on the search box when Clear filters, gone once pressed from the keyboard, clears them', async () => {
    function Bar() {
      const filters = useBoardFilters();
      return (
        <main>
          <BoardFilterBar filters={filters} tasks={[]} />
          {filters.active && <NoMatches noun="tasks" onClear={filters.clear} />}
        </main>
      );
    }
    for (const which of [0, 1]) {
      const { unmount } = renderPage(<Bar />, {
        url: '/tasks?due=overdue&q=zzzz',
        answer: ({ url }) => (url.startsWith('/api/grants') ? { body: [], total: 0 } : undefined),
      });
      const user = userEvent.setup({ delay: null });
      // The bar's button, then the one under 'No tasks match these filters'.
      const clear = (await screen.findAllByRole('button', { name: 'Clear filters' }))[which];
      if (!clear) throw new Error('no Clear filters');
      clear.focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/tasks'));
      expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search tasks' }));
      unmount();
    }
  });

  it('leaves the search box alone when Clear filters is tapped or clicked: a phone would open its keyboard', async () => {
    function Bar() {
      const filters = useBoardFilters();
      return <BoardFilterBar filters={filters} tasks={[]} />;
    }
    renderPage(<Bar />, {
      url: '/tasks?due=overdue',
      answer: ({ url }) => (url.startsWith('/api/grants') ? { body: [], total: 0 } : undefined),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/tasks'));
    expect(document.activeElement).not.toBe(
      screen.getByRole('searchbox', { name: 'Search tasks' }),
    );
  });
});
