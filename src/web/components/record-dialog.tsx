import { Modal } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { capitalise } from '../lib/format.ts';
import { closeUnlessSaving } from './close-unless-saving.ts';
import { useDialogSave } from './dialog-save.ts';
import { ChangedMeanwhile } from './edit-conflict.tsx';
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

/** What a kind's form is given: how to save what it holds, and whether a save is under way. */
interface RecordFormProps<Input> {
  onSubmit: (input: Input) => void;
  pending: boolean;
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
 * for `record`. `children` is the kind's form, given the save (`RecordFormProps`); it mounts
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
  children: (form: RecordFormProps<Input>) => ReactNode;
}) {
  const create = kind.useCreate();
  const update = kind.useUpdate();
  const Noun = capitalise(kind.noun);
  const { submit, close, changedMeanwhile } = useDialogSave(
    record,
    {
      create: {
        run: (input: Input) => create.mutateAsync(input),
        success: `${Noun} created successfully`,
      },
      update: {
        run: (input: Input, { id }, version) => update.mutateAsync({ id, input, version }),
        success: `${Noun} updated successfully`,
      },
      signedOut: kind.signedOut,
    },
    onClose,
  );
  const pending = create.isPending || update.isPending;
  return (
    <Modal
      opened={opened}
      onClose={closeUnlessSaving(pending, close)}
      title={record ? `Edit ${Noun}` : kind.addTitle}
      size="lg"
    >
      {changedMeanwhile && <ChangedMeanwhile noun={kind.noun} />}
      <Fragment key={record?.id ?? 'new'}>{children({ onSubmit: submit, pending })}</Fragment>
    </Modal>
  );
}
