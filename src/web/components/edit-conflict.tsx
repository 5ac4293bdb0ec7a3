import { Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../lib/api-client.ts';

/** A record an edit dialog changes: its id and the version it was read at. */
interface Versioned {
  id: number;
  updatedAt: string;
}

/**
 * The version an edit dialog saves over, sent as If-Match: the one the record was read at, so
 * that a save over someone else's change made meanwhile is refused (412) rather than undoing
 * it unseen. Once refused, the dialog says so (`changedMeanwhile`) and keeps what the user typed;
 * the version becomes theirs, so saving again replaces their change knowingly.
 */
export function useEditConflict(record: Versioned | undefined) {
  const [theirs, setTheirs] = useState<{ id: number; version: string | undefined } | null>(null);
  const conflict = record !== undefined && theirs?.id === record.id ? theirs : null;
  return {
    version: conflict ? conflict.version : record?.updatedAt,
    changedMeanwhile: conflict !== null,
    /** Whether `error` is such a refusal; if so, the dialog says so instead of a notice. */
    caught(error: unknown): boolean {
      if (record === undefined || !(error instanceof ApiError) || error.status !== 412) {
        return false;
      }
      setTheirs({ id: record.id, version: error.version });
      return true;
    },
    /** Forgets the refusal: the dialog saved or closed. */
    reset: () => setTheirs(null),
  };
}

/**
 * What an edit dialog says when its record changed while it was open (useEditConflict), or a
 * page's form, in its own words (`said`).
 */
export function ChangedMeanwhile({ noun, said }: { noun: string; said?: string }) {
  return (
    <Paper role="alert" withBorder p="sm" mb="md" bg="var(--mantine-color-yellow-light)">
      <Text fw={600} size="sm">
        Changed by someone else
      </Text>
      <Text size="sm">
        {said ??
          `Someone else changed this ${noun} after you opened it. Save again to replace their changes with yours, or close this form to keep theirs.`}
      </Text>
    </Paper>
  );
}
