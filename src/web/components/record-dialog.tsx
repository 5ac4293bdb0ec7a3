import { Modal } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { capitalise } from '../lib/format.ts';
import { withNotice } from '../lib/notify.ts';
import { useOneAtATime } from '../lib/one-at-a-time.ts';
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

/** What of its kind the dialog needs: its words and its create and update. */
type SavedKind<T, Input> = Pick<
  RecordKind<T, Input>,
  'noun' | 'addTitle' | 'signedOut' | 'useCreate' | 'useUpdate'
>;

/**
 * The save of a create/edit dialog: updates `record` when there is one, else creates; says so
 * ('Contact updated successfully', `withNotice`), and closes the dialog once it succeeded.
 */
function useSave<T extends { id: number }, Input>(
  kind: SavedKind<T, Input>,
  record: T | undefined,
  onClose: () => void,
): RecordFormProps<Input> {
  const create = kind.useCreate();
  const update = kind.useUpdate();
  const Noun = capitalise(kind.noun);
  const onSubmit = useOneAtATime(async (input: Input) => {
    const saved = record
      ? await withNotice(
          () => update.mutateAsync({ id: record.id, input }),
          `${Noun} updated successfully`,
          kind.signedOut,
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
export function RecordDialog<T extends { id: number }, Input>({
  kind,
  record,
  opened,
  onClose,
  children,
}: RecordDialogProps<T> & {
  kind: SavedKind<T, Input>;
  children: (form: RecordFormProps<Input>) => ReactNode;
}) {
  const form = useSave(kind, record, onClose);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={record ? `Edit ${capitalise(kind.noun)}` : kind.addTitle}
      size="lg"
    >
      <Fragment key={record?.id ?? 'new'}>{children(form)}</Fragment>
    </Modal>
  );
}
