import {
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { type Icon, IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import type { Page } from '../lib/api-client.ts';
import { capitalise } from '../lib/format.ts';
import type { RecordList } from './bulk-actions.tsx';
import { ExportButton } from './export-button.tsx';
import {
  ListFooter,
  PAGE_SIZE,
  rowsShown,
  SearchBox,
  type useListState,
} from './list-controls.tsx';
import { LoadWhenOpened } from './load-when-opened.tsx';
import { PageHeader } from './page-header.tsx';
import { LoadFailed, LoadingBlock, NoMatches } from './query-states.tsx';

/** What the panel needs of a list's state (`useListState`): the search and the page. */
export interface ListState {
  search: string;
  setSearch: (search: string) => void;
  q: string;
  page: number;
  setPage: (page: number) => void;
}

/** The query parameters of the page of a list that `list` shows. */
export const pageParams = <Field extends string>(list: ReturnType<typeof useListState<Field>>) => ({
  q: list.q,
  sort: list.sort,
  limit: PAGE_SIZE,
  offset: list.offset,
});

/**
 * A list page: its heading, with any `actions` of its own, 'Export CSV', then the button that adds a record
 * ('Add Contact'); what it shows (`children`); and the create/edit dialog of its `records`
 * (`useRecordList`), loaded when first opened.
 */
export function ListPage<T>({
  title,
  addLabel,
  actions,
  records: { exported, dialog },
  children,
}: {
  title: string;
  addLabel: string;
  actions?: ReactNode;
  /** The list's create/edit dialog, and its API path and parameters for 'Export CSV'. */
  records: Pick<RecordList<T>, 'exported' | 'dialog'>;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            {actions}
            <ExportButton list={exported.list} params={exported.params} />
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={dialog.openNew}
            >
              {addLabel}
            </Button>
          </>
        }
      />
      {children}
      <LoadWhenOpened opened={dialog.opened}>
        <dialog.Component opened={dialog.opened} onClose={dialog.close} record={dialog.record} />
      </LoadWhenOpened>
    </>
  );
}

/**
 * A list's records as its texts name them, in the plural ('contacts'): 'Search contacts',
 * 'Loading contacts', 'No contacts yet', 'No contacts match your search', 'Contacts could not be
 * loaded'. With the icon and the hint of its empty state.
 */
interface ListWording {
  noun: string;
  icon: Icon;
  hint?: string;
}

/** A filter the list is shown with ('Organization: Hope Trust'), and how to take it off. */
interface ListFilter {
  label: string;
  clear: () => void;
}

/** What `ListPanel` shows (see there). */
export interface ListPanelProps<T> extends ListWording {
  list: ListState;
  query: UseQueryResult<Page<T>>;
  /** Controls beside the search box that narrow the list (a status). */
  filters?: ReactNode;
  /** Given while a filter narrows the list. */
  onClearFilters?: (() => void) | undefined;
  /** The filter a link opened the list with ('Organization: Hope Trust'). */
  filter?: ListFilter | undefined;
  /** What stands over the rows of a page shown. */
  above?: ((page: Page<T>) => ReactNode) | undefined;
  children: (rows: T[]) => ReactNode;
}

/**
 * The panel of a list page: the search box, the list's own filters and the filter it was opened
 * with (which a button clears), and a spinner while a page is fetched; then the first load's
 * spinner, the failure (with a button to try again: never the empty state, which would say there
 * is nothing), the rows (`children`) under what `above` puts over them (the bulk actions of a
 * `BulkListPanel`) and over the page footer, or the empty state: with a way to clear the filters
 * when they left nothing. A page that was shown stays while a later refresh of it fails. A status
 * tells a screen reader what a search or a filter found, once it has: the rows shown ('1–2 of 2')
 * or that none match.
 */
export function ListPanel<T>({
  list,
  query,
  noun,
  icon: EmptyIcon,
  hint,
  filters,
  onClearFilters,
  filter,
  above,
  children,
}: ListPanelProps<T>) {
  const page = query.data;
  // A page past the end (its last rows deleted, here or elsewhere) gives way to the last page
  // that has rows, rather than show the list as empty.
  const lastPage =
    page && page.items.length === 0 && page.total > 0 ? Math.ceil(page.total / PAGE_SIZE) : 0;
  const { page: shown, setPage } = list;
  useEffect(() => {
    if (lastPage > 0 && shown > lastPage) setPage(lastPage);
  }, [lastPage, shown, setPage]);
  const noMatch = onClearFilters
    ? `No ${noun} match these filters`
    : list.q
      ? `No ${noun} match your search`
      : filter
        ? `No ${noun} match this filter`
        : '';
  // Nothing while a page is on its way (the last one's rows stay on screen meanwhile): what comes
  // is said when it has come, even when it reads as the last did.
  const arrived = page && !query.isPlaceholderData && lastPage === 0 ? page : undefined;
  const found = !arrived
    ? ''
    : arrived.items.length > 0
      ? rowsShown(arrived.total, list.page)
      : noMatch;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <SearchBox value={list.search} onChange={list.setSearch} label={`Search ${noun}`} />
          {filters}
          {filter && (
            <Badge
              size="lg"
              variant="light"
              tt="none"
              data-list-filter
              rightSection={
                <CloseButton size="xs" aria-label="Clear filter" onClick={filter.clear} />
              }
            >
              {filter.label}
            </Badge>
          )}
        </Group>
        {query.isFetching && <Loader size="xs" aria-label="Refreshing" />}
      </Group>
      {query.isPending ? (
        <LoadingBlock label={`Loading ${noun}`} />
      ) : query.isError && !page ? (
        <LoadFailed
          what={capitalise(noun)}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : page && page.items.length > 0 ? (
        <>
          {above?.(page)}
          {children(page.items)}
          <ListFooter total={page.total} page={list.page} onPage={list.setPage} />
        </>
      ) : onClearFilters ? (
        <NoMatches noun={noun} onClear={onClearFilters} />
      ) : (
        <Stack align="center" py="xl" gap="xs">
          <EmptyIcon size={32} aria-hidden="true" color="var(--mantine-color-dimmed)" />
          <Text fw={500}>{noMatch || `No ${noun} yet`}</Text>
          {!list.q && !filter && hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
      )}
      <VisuallyHidden role="status">{found}</VisuallyHidden>
    </Paper>
  );
}
