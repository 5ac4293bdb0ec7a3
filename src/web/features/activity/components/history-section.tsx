import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ActivityEntity, ActivityEntry } from '../../../../domain/activity.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { HISTORY_PAGE, recordHistory, recordHistoryQueryOptions } from '../api/activity-api.ts';
import { ActivityList } from './activity-list.tsx';

/** What a History has read of its record: every entry, newest first, with none left out. */
interface Read {
  /** The latest page these were merged with (read again after each change). */
  latest: ActivityEntry[] | undefined;
  entries: ActivityEntry[];
  /** Whether older entries have been read, and whether there may be more of them. */
  older: 'unread' | 'more' | 'all';
}

/** Newest first (an entry's id grows with time), each once. */
const newestFirst = (entries: ActivityEntry[]) =>
  [...new Map(entries.map((entry) => [entry.id, entry])).values()].sort((a, b) => b.id - a.id);

/**
 * The entries once the latest page is read again: the older ones read stay (an entry never
 * changes once written), with the page's in front of them; an entry that a change made since has
 * moved off the page is kept too. If more changes were made than a page holds, those between
 * the page and the older ones were never read: it starts again from the page.
 */
function withLatest(read: Read, latest: ActivityEntry[] | undefined): Read {
  const oldestOfPage = latest?.at(-1)?.id;
  const newestRead = read.entries[0]?.id;
  const joins =
    read.older !== 'unread' &&
    oldestOfPage !== undefined &&
    newestRead !== undefined &&
    oldestOfPage <= newestRead;
  return joins && latest
    ? { latest, entries: newestFirst([...latest, ...read.entries]), older: read.older }
    : { latest, entries: latest ?? [], older: 'unread' };
}

/**
 * A record's history, newest first: who created it, and who changed what, when. The latest
 * changes come with the page (and again after each change); older ones are read when asked for,
 * HISTORY_PAGE at a time, back to its creation. Given another record, it starts anew (`key`,
 * RecordHistory).
 */
export default function HistorySection({ entity, id }: { entity: ActivityEntity; id: number }) {
  const latest = useQuery(recordHistoryQueryOptions(entity, id));
  const [read, setRead] = useState<Read>(() => withLatest(emptyRead, latest.data));
  if (latest.data !== read.latest) setRead(withLatest(read, latest.data));
  const [reading, setReading] = useState<{ pending: boolean; failed?: string }>({
    pending: false,
  });
  const more =
    read.older === 'unread' ? read.entries.length === HISTORY_PAGE : read.older === 'more';
  const showOlder = useRef<HTMLButtonElement>(null);
  // The entry given the focus once older ones are read: the first of them, or the oldest when
  // there were none (Show older changes, which had it, is gone then).
  const [focusedEntry, setFocusedEntry] = useState<number>();

  const readOlder = async () => {
    setReading({ pending: true });
    try {
      // From the oldest read: an entry written since moves them down a place, read twice then.
      const older = await recordHistory(entity, id, read.entries.length);
      const known = new Set(read.entries.map((entry) => entry.id));
      // Only from the keyboard's focus: a pointer's press (which Safari does not focus) leaves
      // the page where the user has since scrolled it.
      if (document.activeElement === showOlder.current) {
        setFocusedEntry((older.find((entry) => !known.has(entry.id)) ?? read.entries.at(-1))?.id);
      }
      setRead((was) => ({
        ...was,
        entries: newestFirst([...was.entries, ...older]),
        older: older.length === HISTORY_PAGE ? 'more' : 'all',
      }));
      setReading({ pending: false });
    } catch (error) {
      setReading({ pending: false, failed: errorMessage(error) });
    }
  };

  return (
    <ActivityList
      title="History"
      query={latest}
      entries={read.entries}
      focusedEntry={focusedEntry}
      ofThisRecord
    >
      {more && (
        // Not disabled while it reads (a browser takes the focus from a disabled button).
        <BusyButton
          ref={showOlder}
          variant="subtle"
          size="xs"
          mt="sm"
          busy={reading.pending}
          onClick={() => void readOlder()}
        >
          Show older changes
        </BusyButton>
      )}
      {reading.failed && (
        <Text size="sm" c="red" role="alert">
          {`Could not load older changes: ${reading.failed}`}
        </Text>
      )}
    </ActivityList>
  );
}

const emptyRead: Read = { latest: undefined, entries: [], older: 'unread' };
