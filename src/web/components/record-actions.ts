import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy } from 'react';
import { capitalise } from '../lib/format.ts';
import { withNotice } from '../lib/notify.ts';
import { confirmDelete } from './confirm-delete.tsx';
import type { RecordDialogProps } from './record-dialog.tsx';

/** Deleting records of one kind, as a page holds it (`recordActions(…).useDeletion()`). */
export interface RecordDeletion<T> {
  /**
   * Puts the question; on the red button deletes the record and says so (or why not), and
   * `onDeleted` runs once it is gone.
   */
  ask: (record: T, onDeleted?: () => void) => void;
  /** From the red button on, through the refresh of what showed the record, unless it failed. */
  busy: boolean;
}

/** What `recordActions` gives the pages: the kind's name, its dialog and its deletion. */
export interface RecordActions<T, DialogProps extends RecordDialogProps<T> = RecordDialogProps<T>> {
  /** 'contact' */
  noun: string;
  Dialog: ComponentType<DialogProps>;
  useDeletion: () => RecordDeletion<T>;
}

interface DeleteMutation {
  mutateAsync: (id: number) => Promise<unknown>;
  isPending: boolean;
  isSuccess: boolean;
}

/**
 * What a list page and a record's page both do with a record of one kind (`noun`: 'contact'):
 * its create/edit dialog, loaded when first opened so neither page downloads the form up front;
 * and deleting it, asked ('Delete contact', with `question`) and reported ('Contact deleted
 * successfully') in the same words from either.
 */
export function recordActions<
  T extends { id: number },
  DialogProps extends RecordDialogProps<T> = RecordDialogProps<T>,
>({
  noun,
  cached,
  dialog,
  useDelete,
  question,
}: {
  noun: string;
  /**
   * The root key of the kind's cached data. After a delete, what of it is not on screen is
   * dropped: a page opened next (the list a record's page goes back to) asks afresh rather than
   * showing the deleted record from its cache while it refreshes.
   */
  cached: QueryKey;
  dialog: () => Promise<ComponentType<DialogProps>>;
  useDelete: () => DeleteMutation;
  question: (record: T) => string;
}): RecordActions<T, DialogProps> {
  const title = `Delete ${noun}`;
  const deleted = `${capitalise(noun)} deleted successfully`;

  function useDeletion(): RecordDeletion<T> {
    const remove = useDelete();
    const queryClient = useQueryClient();
    const ask = (record: T, onDeleted?: () => void) =>
      confirmDelete({
        title,
        message: question(record),
        onConfirm: async () => {
          if (!(await withNotice(() => remove.mutateAsync(record.id), deleted))) return;
          queryClient.removeQueries({ queryKey: cached, type: 'inactive' });
          onDeleted?.();
        },
      });
    return { ask, busy: remove.isPending || remove.isSuccess };
  }

  return {
    noun,
    Dialog: lazy(() => dialog().then((component) => ({ default: component }))),
    useDeletion,
  };
}
