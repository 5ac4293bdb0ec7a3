import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A record's facts, one under the other: each a `Detail`. */
export function DetailsList({ children }: { children: ReactNode }) {
  return <Stack gap="sm">{children}</Stack>;
}

/** One fact of a record: its label, small and in capitals, over its value. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

/** 'Notes' with the line breaks they were written with; nothing when there are none. */
export function NotesDetail({ notes }: { notes: string | null }) {
  return notes ? (
    <Detail label="Notes">
      <span style={{ whiteSpace: 'pre-wrap' }}>{notes}</span>
    </Detail>
  ) : null;
}
