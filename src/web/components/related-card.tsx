import { Card, Loader, Text, Title, UnstyledButton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useRef } from 'react';
import type { Page } from '../lib/api-client.ts';
import { useDialogEntry } from '../lib/dialog-entry.ts';
import type { RecordDetailsProps } from './details-dialog.tsx';
import { LoadWhenOpened } from './load-when-opened.tsx';
import { LoadFailed } from './query-states.tsx';
import { ShowingSome } from './showing-some.tsx';

/** A related list on a record's page shows this many rows; the rest are a link away. */
export const RELATED_SHOWN = 10;

/**
 * A card of a record's page listing the records related to it (a funder's contacts, a contact's
 * interactions): the first RELATED_SHOWN of them, and when there are more, how many and a link
 * to the list of all of them. `note` stands in for the list when there is nothing to look up.
 * With `details`, a record's details dialog (loaded when first opened), which `children` opens
 * with `openDetails`.
 */
export function RelatedCard<T extends { id: number }>({
  title,
  query,
  noun,
  empty,
  note,
  viewAll,
  details: Details,
  children,
}: {
  title: string;
  /** The first page of the related records, with their total. */
  query: UseQueryResult<Page<T>>;
  /** What they are, in the plural: 'contacts'. */
  noun: string;
  /** What shows when there are none. */
  empty: string;
  note?: string | undefined;
  /** The list of all of them, filtered to this record. */
  viewAll: string;
  details?: ComponentType<RecordDetailsProps<T>>;
  children: (items: T[], openDetails: (item: T) => void) => ReactNode;
}) {
  const page = query.data;
  // Named by the card (a page may show two), its details a dialog Back closes.
  const [opened, setOpen, close] = useDialogEntry<T>(title);
  // The record as the card has it now: the entry keeps the one it was opened on (Back, Forward
  // or a reload opens it again), which may have been changed or deleted since. It is gone when
  // the card shows every related record and not it; beyond the first, it is shown as last seen.
  const fresh = opened && page?.items.find((item) => item.id === opened.id);
  const lastSeen = useRef<T | null>(null);
  if (fresh) lastSeen.current = fresh;
  const gone = opened !== null && page !== undefined && !fresh && page.total <= page.items.length;
  const kept = opened && lastSeen.current?.id === opened.id ? lastSeen.current : opened;
  const open = gone ? null : (fresh ?? kept);
  const card = useRef<HTMLDivElement>(null);
  // A dialog Back or Forward opened, closed, gives the focus to the button of what it showed
  // (the first one's when that is gone): nothing else opened it.
  const opener = (shown: T) => () => {
    const buttons = card.current?.querySelectorAll<HTMLElement>(`[${OPENS_DETAILS}]`);
    const at = page?.items.findIndex((item) => item.id === shown.id) ?? -1;
    return buttons?.[at] ?? buttons?.[0] ?? null;
  };
  return (
    <Card withBorder padding="lg" ref={card}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {note ? (
        <Text c="dimmed" size="sm">
          {note}
        </Text>
      ) : query.isPending ? (
        <Loader size="sm" aria-label={`Loading ${noun}`} />
      ) : !page ? (
        <LoadFailed what={`The ${noun}`} error={query.error} onRetry={() => void query.refetch()} />
      ) : page.items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <>
          {children(page.items, setOpen)}
          {Details && (
            <LoadWhenOpened opened={open !== null} opener={open ? opener(open) : undefined}>
              <Details record={open} onClose={close} />
            </LoadWhenOpened>
          )}
          <ShowingSome shown={page.items.length} total={page.total} to={viewAll}>
            {`View all ${page.total.toLocaleString('en-US')}`}
          </ShowingSome>
        </>
      )}
    </Card>
  );
}

/** Marks the buttons of a card's list that open a record's details, one a record in order. */
export const OPENS_DETAILS = 'data-opens-details';

/** A related record in a card's list, as a button that opens its details. */
export function RelatedItemButton({
  onClick,
  children,
}: {
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      {...{ [OPENS_DETAILS]: true }}
    >
      {children}
    </UnstyledButton>
  );
}
