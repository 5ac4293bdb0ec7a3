import { Fragment, type ReactNode } from 'react';
import { capitalise } from '../lib/format.ts';
import { type DialogFormProps, SaveDialog } from './dialog-save.tsx';
import type { RecordKind } from './record-kind.ts';

/**
 * What the list and detail pages pass a record's create/edit dialog: whether it is open, how to
 * close it, and the record it edits (none: a new one).
 */
export interface RecordDialogProps<T = never> {
  opened: boolean;
  onClose: () => void;
  record?: T | undefined;
}

/** A record the dialog edits: its id, and the version it was read at (useEditConflict). */
interface EditedRecord {
  id: number;
  updatedAt: string;
}

/** What of its kind the dialog needs: its words and its create and update. */
type SavedKind<T, Input> = Pick<
  RecordKind<T, Input>,
  'noun' | 'addTitle' | 'signedOut' | 'useCreate' | 'useUpdate'
>;

/**
 * A record's create/edit dialog: 'Create New Contact' (the kind's `addTitle`), or 'Edit Contact'
 * for `record`. `children` is the kind's form, given the save (`DialogFormProps`); it mounts
 * afresh for each record it edits, prefilled with that one.
 */
export function RecordDialog<T extends EditedRecord, Input>({
  kind,
  record,
  opened,
  onClose,
  children,
}: RecordDialogProps<T> & {
  kind: SavedKind<T, Input>;
  children: (form: DialogFormProps<Input>) => ReactNode;
}) {
  const create = kind.useCreate();
  const update = kind.useUpdate();
  const Noun = capitalise(kind.noun);
  return (
    <SaveDialog
      opened={opened}
      onClose={onClose}
      title={record ? `Edit ${Noun}` : kind.addTitle}
      noun={kind.noun}
      record={record}
      save={{
        create: {
          run: (input: Input) => create.mutateAsync(input),
          success: `${Noun} created successfully`,
        },
        update: {
          run: (input: Input, { id }, version) => update.mutateAsync({ id, input, version }),
          success: `${Noun} updated successfully`,
        },
        signedOut: kind.signedOut,
      }}
      pending={create.isPending || update.isPending}
    >
      {(form) => <Fragment key={record?.id ?? 'new'}>{children(form)}</Fragment>}
    </SaveDialog>
  );
}
