import { Modal } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { capitalise } from '../lib/format.ts';
import { withNotice } from '../lib/notify.ts';
import { useOneAtATime } from '../lib/one-at-a-time.ts';
import { closeUnlessSaving } from './close-unless-saving.ts';
import { ChangedMeanwhile, useEditConflict } from './edit-conflict.tsx';
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
 * The save of a create/edit dialog: updates `record` when there is one (at the version it was
 * read at: `conflict`), else creates; says so ('Contact updated successfully', `withNotice`),
 * and closes the dialog once it succeeded.
 */
function useSave<T extends EditedRecord, Input>(
  kind: SavedKind<T, Input>,
  record: T | undefined,
  conflict: ReturnType<typeof useEditConflict>,
  onClose: () => void,
): RecordFormProps<Input> {
  const create = kind.useCreate();
  const update = kind.useUpdate();
  const Noun = capitalise(kind.noun);
  const onSubmit = useOneAtATime(async (input: Input) => {
    const saved = record
      ? await withNotice(
          () => update.mutateAsync({ id: record.id, input, version: conflict.version }),
          `${Noun} updated successfully`,
          kind.signedOut,
          conflict.caught,
        )
      : await withNotice(
          () => create.mutateAsync(input),
          `${Noun} created successfully`,
          kind.signedOut,
        );
    if (saved) onClose();
  });
  return { onSubmit, pending: create.isPending || update.isPending };
}

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
  const conflict = useEditConflict(record);
  const close = () => {
    conflict.reset();
    onClose();
  };
  const form = useSave(kind, record, conflict, close);
  return (
    <Modal
      opened={opened}
      onClose={closeUnlessSaving(form.pending, close)}
      title={record ? `Edit ${capitalise(kind.noun)}` : kind.addTitle}
      size="lg"
    >
      {conflict.changedMeanwhile && <ChangedMeanwhile noun={kind.noun} />}
      <Fragment key={record?.id ?? 'new'}>{children(form)}</Fragment>
    </Modal>
  );
}
