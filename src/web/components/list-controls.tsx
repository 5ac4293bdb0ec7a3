import { Group, Pagination, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

export const PAGE_SIZE = 25;

/** Search text (debounced) and page number for a server-side list. */
export function useListState() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  // The page belongs to the search it was chosen for: a new search starts on page 1.
  const [chosen, setChosen] = useState({ q: '', page: 1 });
  const page = chosen.q === q ? chosen.page : 1;
  const setPage = (next: number) => setChosen({ q, page: next });
  return { search, setSearch, q, page, setPage, offset: (page - 1) * PAGE_SIZE };
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
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {total === 0 ? 'None' : `${first}–${last} of ${total.toLocaleString('en-US')}`}
      </Text>
      {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} size="sm" withEdges />}
    </Group>
  );
}
