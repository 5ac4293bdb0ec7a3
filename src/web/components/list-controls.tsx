import { Group, Pagination, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { ListParams } from '../../domain/lists.ts';

export const PAGE_SIZE = 25;

/** The API's `sort` parameter: `field` or `-field`; undefined is the list's own default order. */
export type Sort<Field extends string> = ListParams<Field>['sort'];

/**
 * Search text (debounced), sort and page number for a server-side list sorted by `Field`s.
 * `filters` names the list's other filters (a status): a change of them starts on page 1 too.
 */
export function useListState<Field extends string>(filters = '') {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [sort, setSort] = useState<Sort<Field>>();
  // The page belongs to the search, sort and filters it was chosen for: new ones start on page 1.
  const [chosen, setChosen] = useState({ q: '', sort, filters, page: 1 });
  const page =
    chosen.q === q && chosen.sort === sort && chosen.filters === filters ? chosen.page : 1;
  const setPage = (next: number) => setChosen({ q, sort, filters, page: next });
  /** A header click: ascending, then descending, then back to the default order. */
  const toggleSort = (field: Field) =>
    setSort(
      (current): Sort<Field> =>
        current === field ? `-${field}` : current === `-${field}` ? undefined : `${field}`,
    );
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
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {rowsShown(total, page)}
      </Text>
      {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} size="sm" withEdges />}
    </Group>
  );
}
