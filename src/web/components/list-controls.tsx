import { Group, Pagination, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { OFFSET_MAX, SEARCH_TEXT_MAX, tooLong } from '../../domain/list-constants.ts';
import type { ListParams } from '../../domain/lists.ts';
import { focusIsLost } from '../lib/lost-focus.ts';
import { useAddressParams } from '../lib/url-filters.ts';

export const PAGE_SIZE = 25;

/** The API's `sort` parameter: `field` or `-field`; undefined is the list's own default order. */
export type Sort<Field extends string> = ListParams<Field>['sort'];

/** The last page a list may be asked for: one starting further is refused by the API. */
const PAGE_MAX = Math.floor(OFFSET_MAX / PAGE_SIZE) + 1;

/**
 * `?page=3`: a page number, 1 when the address has none or not one, and at most PAGE_MAX (a page
 * past the list's rows shows its last page, ListPanel).
 */
const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isSafeInteger(page) && page > 1 ? Math.min(page, PAGE_MAX) : 1;
};

/**
 * Search text (debounced), sort and page number for a server-side list sorted by one of the
 * `sortable` fields, kept in the page's address (`/contacts?q=ada&sort=-name&page=2`) beside its
 * filters: Back from a record, a reload or a link shows the list as it was left. A value the
 * address holds that is not one (a sort by a field the list has not) is left out. Changes
 * replace the address, as a filter's do; a new search, sort or filter starts on page 1.
 */
export function useListState<Field extends string>(sortable: readonly Field[]) {
  const [params, changeAddress] = useAddressParams();
  const q = params.get('q')?.trim() ?? '';
  const [search, setSearch] = useState(q);
  const [typed] = useDebouncedValue(search.trim(), 250);
  const sort = sortable.find((field) => params.get('sort')?.replace(/^-/, '') === field)
    ? (params.get('sort') as Sort<Field>)
    : undefined;
  const page = pageOf(params);
  const change = (values: Record<string, string | number | undefined>) =>
    changeAddress((next) => {
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined || value === '' || (name === 'page' && value === 1)) {
          next.delete(name);
        } else next.set(name, String(value));
      }
    });
  // What is typed goes to the address once typing pauses (unless longer than a list takes: the
  // box says so, SearchBox); a search the address changes otherwise (the sidebar's link to the
  // list, cleared) shows in the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: typed text alone writes the address
  useEffect(() => {
    if (typed !== q && !tooLong(typed)) change({ q: typed, page: undefined });
  }, [typed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address's search alone sets the box
  useEffect(() => {
    if (q !== typed) setSearch(q);
  }, [q]);
  const setPage = (next: number) => change({ page: next });
  /** A header click: ascending, then descending, then back to the default order. */
  const toggleSort = (field: Field) =>
    change({
      sort: sort === field ? `-${field}` : sort === `-${field}` ? undefined : field,
      page: undefined,
    });
  return {
    search,
    setSearch,
    q,
    sort,
    toggleSort,
    page,
    setPage,
    offset: (page - 1) * PAGE_SIZE,
  };
}

/** What a sortable table needs from its list state. */
export interface SortState<Field extends string> {
  sort: Sort<Field>;
  toggleSort: (field: Field) => void;
}

/**
 * A column header that sorts the list by `field`: a button with the direction shown, and
 * `aria-sort` on the header cell so screen readers say it too.
 */
export function SortableTh<Field extends string>({
  field,
  sorting,
  align,
  children,
}: {
  field: Field;
  sorting: SortState<Field>;
  align?: 'right' | undefined;
  children: ReactNode;
}) {
  const direction =
    sorting.sort === field ? 'ascending' : sorting.sort === `-${field}` ? 'descending' : 'none';
  const Icon =
    direction === 'ascending'
      ? IconChevronUp
      : direction === 'descending'
        ? IconChevronDown
        : IconSelector;
  return (
    <th aria-sort={direction} style={{ textAlign: align, padding: 0 }}>
      <UnstyledButton
        onClick={() => sorting.toggleSort(field)}
        px="var(--table-horizontal-spacing)"
        py="xs"
        w="100%"
        fw={700}
        fz="sm"
      >
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          {children}
          <Icon size={14} aria-hidden="true" />
        </Group>
      </UnstyledButton>
    </th>
  );
}

/** What a search box says of a search longer than a list takes: the list is not asked. */
export const SEARCH_TOO_LONG = `Search is too long: at most ${SEARCH_TEXT_MAX} characters`;

export function SearchBox({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={tooLong(value) && SEARCH_TOO_LONG}
      maw={360}
      type="search"
    />
  );
}

/** Which rows of the list a page shows, as its footer says ('26–50 of 80'). */
export function rowsShown(total: number, page: number) {
  if (total === 0) return 'None';
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);
  return `${first}–${last} of ${total.toLocaleString('en-US')}`;
}

export function ListFooter({
  total,
  page,
  onPage,
}: {
  total: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const nav = useRef<HTMLElement>(null);
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {rowsShown(total, page)}
      </Text>
      {pages > 1 && (
        <nav aria-label="Pages" ref={nav}>
          <Pagination
            total={pages}
            value={page}
            onChange={(next) => {
              onPage(next);
              // An arrow the new page disables (Next on the last page) lets go of the focus: it
              // goes to the page's own number, for the keys to go on from there.
              requestAnimationFrame(() => {
                const focused = document.activeElement;
                if (focusIsLost() || (focused instanceof HTMLButtonElement && focused.disabled)) {
                  nav.current?.querySelector<HTMLElement>('[aria-current]')?.focus();
                }
              });
            }}
            size="sm"
            withEdges
            // Its arrows show an icon alone: 'First page', 'Previous page'…
            getControlProps={(control) => ({
              'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page`,
            })}
          />
        </nav>
      )}
    </Group>
  );
}
