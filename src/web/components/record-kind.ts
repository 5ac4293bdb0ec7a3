import { type QueryKey, type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy } from 'react';
import type { BulkResult } from '../../domain/bulk.ts';
import { capitalise } from '../lib/format.ts';
import { withNotice } from '../lib/notify.ts';
import { confirmDelete } from './confirm-delete.tsx';
import type { RecordDialogProps } from './record-dialog.tsx';

/** A create or an update, as the dialog saves it (`contactsApi.useCreate`, `recordApi.records`). */
interface SaveMutation<Variables> {
  mutateAsync: (variables: Variables) => Promise<unknown>;
  isPending: boolean;
}

interface DeleteMutation extends SaveMutation<{ id: number; version?: string | undefined }> {
  isSuccess: boolean;
}

/** Deleting the chosen records of a list at once (`contactsApi.useBulkDelete`). */
interface BulkDeleteMutation {
  mutateAsync: (ids: number[]) => Promise<BulkResult>;
}

/** Deleting records of one kind, as a page holds it (`contactKind.useDeletion()`). */
export interface RecordDeletion<T> {
  /**
   * Puts the question; on the red button deletes the record and says so (or why not), and
   * `onDeleted` runs once it is gone.
   */
  ask: (record: T, onDeleted?: () => void) => void;
  /** From the red button on, through the refresh of what showed the record, unless it failed. */
  busy: boolean;
}

/**
 * What a feature declares of its kind of record, once (`contactKind`,
 * `features/contacts/components/contact-kind.ts`): only what differs from one kind to another.
 * The other texts follow from `noun` and `plural`: 'Edit Contact', 'Contact created
 * successfully', 'Contact updated successfully', 'Delete contact', 'Contact deleted
 * successfully', 'Contact not found', 'Back to contacts'.
 */
interface RecordKindDeclaration<T, Input, DialogProps> {
  /** 'contact' */
  noun: string;
  /** 'contacts': 'Back to contacts', and the tab of a contact's page ('… · Contacts · Grantwell'). */
  plural: string;
  /** The kind's API path (`/api/contacts`): its list, which 'Export CSV' exports too. */
  url: string;
  /** The list's path (`paths.contacts`): where a record's back link and its deletion lead. */
  listPath: string;
  /** The title of the dialog that adds one: 'Create New Contact'. */
  addTitle: string;
  /** What a save says when the session has ended (401), instead of the server's message. */
  signedOut?: string;
  /**
   * The root key of the kind's cached data. After a delete, what of it is not on screen is
   * dropped: a page opened next (the list a record's page goes back to) asks afresh rather than
   * showing the deleted record from its cache while it refreshes.
   */
  cached: QueryKey;
  /** The record of that id, null when there is none; nothing is fetched while the id is null. */
  useOne: (id: number | null) => UseQueryResult<T | null>;
  useCreate: () => SaveMutation<Input>;
  useUpdate: () => SaveMutation<{ id: number; input: Input; version?: string | undefined }>;
  useDelete: () => DeleteMutation;
  useBulkDelete: () => BulkDeleteMutation;
  /** What a deletion asks: 'Delete Grace Hopper? … This cannot be undone.' */
  question: (record: T) => string;
  /** What goes with the records deleted, said when many are: 'Their tasks … deleted too.' */
  alsoDeleted?: string;
  /** The kind's create/edit dialog (a `RecordDialog` around its form), loaded when first opened. */
  dialog: () => Promise<ComponentType<DialogProps>>;
}

/**
 * A kind of record as the shared parts use it: the list page (`useRecordList`), the record's
 * page (`RecordPage`) and the create/edit dialog (`RecordDialog`). `Input` is what its form
 * sends; a part that does not save takes any (`never`).
 */
export interface RecordKind<
  T,
  Input = never,
  DialogProps extends RecordDialogProps<T> = RecordDialogProps<T>,
> extends Omit<RecordKindDeclaration<T, Input, DialogProps>, 'dialog'> {
  Dialog: ComponentType<DialogProps>;
  useDeletion: () => RecordDeletion<T>;
}

/**
 * A kind of record from its declaration: its create/edit dialog, loaded when first opened so
 * neither the list nor the record's page downloads the form up front; and deleting one, asked
 * ('Delete contact', with `question`) and reported ('Contact deleted successfully') in the same
 * words from either page.
 */
export function recordKind<
  T extends { id: number; updatedAt: string },
  Input,
  DialogProps extends RecordDialogProps<T> = RecordDialogProps<T>,
>({
  dialog,
  ...declared
}: RecordKindDeclaration<T, Input, DialogProps>): RecordKind<T, Input, DialogProps> {
  const { noun, cached, useDelete, question } = declared;
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
          // At the version shown: a record someone changed since is not deleted unseen (412).
          const deleting = () => remove.mutateAsync({ id: record.id, version: record.updatedAt });
          if (!(await withNotice(deleting, deleted))) return;
          queryClient.removeQueries({ queryKey: cached, type: 'inactive' });
          onDeleted?.();
        },
      });
    return { ask, busy: remove.isPending || remove.isSuccess };
  }

  return {
    ...declared,
    Dialog: lazy(() => dialog().then((component) => ({ default: component }))),
    useDeletion,
  };
}
