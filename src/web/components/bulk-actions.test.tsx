import { MantineProvider } from '@mantine/core';
import {
  act,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { BulkResult } from '../../domain/bulk.ts';
import { slowAnswer } from '../test/render.tsx';
import { useRecordList } from './bulk-actions.tsx';
import BulkActionsPanel from './bulk-actions-panel.tsx';
import { ConfirmationHost } from './confirm.tsx';
import type { RecordKind } from './record-kind.ts';
import { useSelection } from './selection.tsx';

describe('a selection', () => {
  it('keeps only the chosen records still shown, and is the same selection when nothing left', () => {
    const { result } = renderHook(() => useSelection('board'));
    act(() => result.current.set([1, 2, 3], true));
    const before = result.current.ids;
    act(() => result.current.keepOnly([1, 2, 3, 4]));
    expect(result.current.ids).toBe(before);
    act(() => result.current.keepOnly([2, 3, 9]));
    expect([...result.current.ids]).toEqual([2, 3]);
  });

  it('empties when its scope changes', () => {
    const { result, rerender } = renderHook(({ scope }) => useSelection(scope), {
      initialProps: { scope: 'a' },
    });
    act(() => result.current.toggle(5));
    expect(result.current.has(5)).toBe(true);
    rerender({ scope: 'b' });
    expect(result.current.ids.size).toBe(0);
  });
});

describe("a list page's records", () => {
  // A kind's own hooks stand in here: what is checked is what the page holds around them.
  const kind = {
    url: '/api/contacts',
    noun: 'contact',
    plural: 'contacts',
    useDeletion: () => ({ ask: () => {}, busy: false }),
    useBulkDelete: () => ({ mutateAsync: async () => ({ count: 0 }) }),
    Dialog: () => null,
  } as unknown as RecordKind<{ id: number }>;
  const list = {
    search: '',
    setSearch: () => {},
    q: '',
    page: 1,
    setPage: () => {},
    sort: undefined,
    toggleSort: () => {},
  };
  const params = (more: Record<string, string | number | undefined>) => ({
    q: '',
    sort: undefined,
    limit: 25,
    offset: 0,
    organization: undefined,
    ...more,
  });

  it('keeps the chosen rows through pages and sorts, and empties them when the search or a filter changes', () => {
    const { result, rerender } = renderHook(({ query }) => useRecordList(kind, list, query), {
      initialProps: { query: params({}) },
    });
    act(() => result.current.selection.toggle(7));
    const nextPage = params({ offset: 25, sort: '-name' });
    rerender({ query: nextPage });
    expect(result.current.selection.has(7)).toBe(true);
    expect(result.current.exported).toEqual({ list: '/api/contacts', params: nextPage });
    expect(result.current.panel).toMatchObject({ noun: 'contacts', bulk: { singular: 'contact' } });

    rerender({ query: params({ offset: 25, sort: '-name', organization: 'Hope Trust' }) });
    expect(result.current.selection.ids.size).toBe(0);
    act(() => result.current.selection.toggle(8));
    rerender({ query: params({ organization: 'Hope Trust', q: 'ada' }) });
    expect(result.current.selection.ids.size).toBe(0);
  });
});

describe('the actions on chosen rows', () => {
  const panel = (
    chosen: number,
    {
      total = chosen,
      ownIds = true,
      onChange = vi.fn(),
    }: { total?: number; ownIds?: boolean; onChange?: (value: string) => Promise<BulkResult> } = {},
  ) => {
    const ids = new Set(Array.from({ length: chosen }, (_, i) => i + 1));
    const selection = {
      ids,
      has: (id: number) => ids.has(id),
      toggle: vi.fn(),
      set: vi.fn(),
      clear: vi.fn(),
      keepOnly: vi.fn(),
    };
    render(
      <MantineProvider>
        <MemoryRouter>
          <ConfirmationHost />
        </MemoryRouter>
        <BulkActionsPanel
          rows={[]}
          total={total}
          selection={selection}
          singular="task"
          plural="tasks"
          allIds={ownIds ? async () => [] : undefined}
          onDelete={vi.fn()}
          exported={{ list: '/api/tasks', params: { q: 'a' } }}
          changes={[
            {
              label: 'Change the status',
              placeholder: 'Change status…',
              apply: 'Change status',
              choices: [{ value: 'completed', label: 'Completed' }],
              onChange,
              changed: () => '',
            },
          ]}
          allChosenOnPage
        />
      </MantineProvider>,
    );
    return selection;
  };

  it('asks about a change stepped to from the keyboard on Enter, not at each arrow', async () => {
    panel(3);
    const select = screen.getByRole('combobox', { name: 'Change the status' });
    select.focus();
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: 'completed' } });
    fireEvent.keyUp(select, { key: 'ArrowDown' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((select as HTMLSelectElement).value).toBe('completed');
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(await screen.findByRole('dialog', { name: 'Change the status' })).toBeTruthy();
  });

  it('keeps the focus on the select through the change it confirmed, which takes no other meanwhile', async () => {
    const { answered, answer } = slowAnswer();
    const onChange = vi.fn(async () => {
      await answered;
      return { count: 3 };
    });
    panel(3, { onChange });
    const user = userEvent.setup({ delay: null });
    const select = screen.getByRole('combobox', { name: 'Change the status' });
    select.focus();
    fireEvent.change(select, { target: { value: 'completed' } });
    const asked = await screen.findByRole('dialog', { name: 'Change the status' });
    await user.click(within(asked).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('completed'));
    // The question gives the focus back to the select, which keeps it while the change is saved:
    // a browser moves the focus of a disabled control to the page's start.
    await waitFor(() => expect(document.activeElement).toBe(select));
    expect(select.getAttribute('aria-disabled')).toBe('true');
    expect((select as HTMLSelectElement).disabled).toBe(false);
    fireEvent.change(select, { target: { value: 'completed' } });
    expect((select as HTMLSelectElement).value).toBe('');
    answer();
    await waitFor(() => expect(select.getAttribute('aria-disabled')).toBe('false'));
    expect(document.activeElement).toBe(select);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('exports the chosen ids with the list query, and offers every action', () => {
    panel(3);
    expect(screen.getByRole('link', { name: 'Export selected' }).getAttribute('href')).toBe(
      '/api/tasks/export?q=a&ids=1%2C2%2C3',
    );
    expect(screen.getByRole('button', { name: 'Delete selected' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('past 500 chosen, says so and holds back every action a request could not take', () => {
    panel(501);
    expect(screen.getByRole('alert').textContent).toBe('Choose at most 500 tasks at a time');
    expect(screen.getByRole('button', { name: 'Delete selected' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('combobox', { name: 'Change the status' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.queryByRole('link', { name: 'Export selected' })).toBeNull();
  });

  it("'Select all' chooses every id the list shows for its query, all pages, from the API", async () => {
    const fetchMock = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify([{ id: 4 }, { id: 9 }, { id: 12 }]), {
          headers: { 'content-type': 'application/json', 'x-total-count': '3' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const selection = panel(2, { total: 3, ownIds: false });
    fireEvent.click(screen.getByRole('button', { name: 'Select all 3 tasks' }));
    await waitFor(() => expect(selection.set).toHaveBeenCalledWith([4, 9, 12], true));
    const asked = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://app.test');
    expect(asked.pathname).toBe('/api/tasks');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ q: 'a', limit: '500' });
  });
});
