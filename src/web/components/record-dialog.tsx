import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { withNotice } from '../lib/notify.ts';

/**
 * What the list and detail pages pass a record's create/edit dialog: whether it is open, how to
 * close it, and the record it edits (none: a new one).
 */
export interface RecordDialogProps<T = never> {
  opened: boolean;
  onClose: () => void;
  record?: T | undefined;
}

/** The notices of a record's save: created, updated, and when the session has ended (401). */
interface SaveNotices {
  created: string;
  updated: string;
  signedOut?: string;
}

interface SaveMutation<Variables> {
  mutateAsync: (variables: Variables) => Promise<unknown>;
  isPending: boolean;
}

/**
 * A create/edit dialog's save: updates `record` when there is one, else creates; says so
 * (`withNotice`), and closes the dialog once it succeeded.
 */
export function useSaveRecord<Input>(
  record: { id: number } | undefined,
  create: SaveMutation<Input>,
  update: SaveMutation<{ id: number; input: Input }>,
  notices: SaveNotices,
  onClose: () => void,
) {
  const save = async (input: Input) => {
    const saved = record
      ? await withNotice(
          () => update.mutateAsync({ id: record.id, input }),
          notices.updated,
          notices.signedOut,
        )
      : await withNotice(() => create.mutateAsync(input), notices.created, notices.signedOut);
    if (saved) onClose();
  };
  return { save, pending: create.isPending || update.isPending };
}

/** The modal of a record's create/edit form. */
export function RecordDialog({
  opened,
  onClose,
  title,
  children,
}: Omit<RecordDialogProps, 'record'> & { title: string; children: ReactNode }) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      {children}
    </Modal>
  );
}
