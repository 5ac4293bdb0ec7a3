import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ActivityEntity, ActivityEntry } from '../../../../domain/activity.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { HISTORY_PAGE, recordHistory, recordHistoryQueryOptions } from '../api/activity-api.ts';
import { ActivityList } from './activity-list.tsx';

/**
 * A record's history, newest first: who created it, and who changed what, when. The latest
 * changes come with the page (and again after each change); older ones are read when asked for,
 * HISTORY_PAGE at a time, back to its creation. An entry never changes once written, so those
 * read stay as they are; a change made since moves the older ones down a place, so an entry
 * read twice shows once.
 */
export default function HistorySection({ entity, id }: { entity: ActivityEntity; id: number }) {
  const latest = useQuery(recordHistoryQueryOptions(entity, id));
  const [older, setOlder] = useState<{ entries: ActivityEntry[]; more: boolean }>({
    entries: [],
    more: true,
  });
  const [reading, setReading] = useState<{ pending: boolean; failed?: string }>({
    pending: false,
  });
  const shown = once([...(latest.data ?? []), ...older.entries]);
  const more = older.entries.length === 0 ? latest.data?.length === HISTORY_PAGE : older.more;

  const readOlder = async () => {
    setReading({ pending: true });
    try {
      const entries = await recordHistory(entity, id, shown.length);
      setOlder({ entries: [...older.entries, ...entries], more: entries.length === HISTORY_PAGE });
      setReading({ pending: false });
    } catch (error) {
      setReading({ pending: false, failed: errorMessage(error) });
    }
  };

  return (
    <ActivityList title="History" query={latest} entries={shown} ofThisRecord>
      {more && (
        <Button
          variant="subtle"
          size="xs"
          mt="sm"
          loading={reading.pending}
          onClick={() => void readOlder()}
        >
          Show older changes
        </Button>
      )}
      {reading.failed && (
        <Text size="sm" c="red" role="alert">
          {`Could not load older changes: ${reading.failed}`}
        </Text>
      )}
    </ActivityList>
  );
}

/** Each entry once, in the order first met. */
function once(entries: ActivityEntry[]) {
  const seen = new Set<number>();
  return entries.filter((entry) => !seen.has(entry.id) && Boolean(seen.add(entry.id)));
}
