import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { withNotice } from '../lib/notify.ts';
import { useOneAtATime } from '../lib/one-at-a-time.ts';
import { ChangedMeanwhile, useEditConflict } from './edit-conflict.tsx';
import { FormDialog } from './form-dialog.tsx';

/** One way a dialog saves: the request, the notice when it succeeded and the one when not. */
interface SaveStep<Args extends unknown[]> {
  run: (...args: Args) => Promise<unknown>;
  /** 'Task created successfully' */
  success: string;
  /** The failure notice's title ('Failed to create task'); 'Error' when left out. */
  failure?: string;
}

/** A record a dialog edits: its id and the version it was read at. */
interface Versioned {
  id: number;
  updatedAt: string;
}

/** What a create/edit dialog's save does and says. */
export interface DialogSave<Input, Edited extends Versioned> {
  /** A new record's save; null for a dialog that only edits. */
  create: SaveStep<[input: Input]> | null;
  /** The save over the record, at the `version` it was read at (refused, 412, if changed since). */
  update: SaveStep<[input: Input, record: Edited, version: string | undefined]>;
  /** What a failure says when the session has ended (401), instead of the server's message. */
  signedOut?: string;
}

/**
 * The save of a create/edit dialog: updates `record` when there is one, at the version it was
 * read at (useEditConflict), else creates; says how it went, and closes the dialog once it
 * succeeded. A save over someone else's change is refused and the dialog says so
 * (`changedMeanwhile`), keeping what was typed; a record deleted meanwhile closes it, with a
 * notice; a double click saves once. Refused otherwise, `submit` resolves to the refusal (after
 * its notice), for the form to show on the field it names (useDialogForm).
 */
export function useDialogSave<Input, Edited extends Versioned>(
  record: Edited | undefined,
  save: DialogSave<Input, Edited>,
  onClose: () => void,
) {
  const conflict = useEditConflict(record);
  const close = () => {
    conflict.reset();
    onClose();
  };
  const submit = useOneAtATime(async (input: Input): Promise<unknown> => {
    const { signedOut } = save;
    let saved = false;
    // The record deleted meanwhile (404): the notice says so, and the dialog closes, as there is
    // nothing left to save over (its list, refreshed, no longer shows it).
    let gone = false;
    // What refused the save, said in the notice: the form may show it on a field too.
    let refusal: unknown;
    const noticed = (error: unknown) => {
      refusal = error;
      return false;
    };
    if (record) {
      const { run, success, failure } = save.update;
      saved = await withNotice(() => run(input, record, conflict.version), success, {
        failure,
        signedOut,
        shownElsewhere: (error) => {
          gone = error instanceof ApiError && error.status === 404;
          return conflict.caught(error) || noticed(error);
        },
      });
    } else if (save.create) {
      const { run, success, failure } = save.create;
      saved = await withNotice(() => run(input), success, {
        failure,
        signedOut,
        shownElsewhere: noticed,
      });
    }
    if (saved || gone) close();
    return refusal;
  });
  return { submit, close, changedMeanwhile: conflict.changedMeanwhile };
}

/**
 * What a dialog's form is given: how to save what it holds (resolving, when the server refused
 * it, to the refusal, which the form shows on the field it names: useDialogForm), and whether a
 * save is under way.
 */
export interface DialogFormProps<Input> {
  onSubmit: (input: Input) => Promise<unknown>;
  pending: boolean;
}

/**
 * A create/edit dialog around its form (`children`, given the save): it saves as `save` says
 * (useDialogSave), says above the form when the record changed meanwhile, stays open while
 * a save is under way (`pending`), its form's fields read-only meanwhile (useDialogForm), and
 * asks before it is closed on any change made in its form.
 */
export function SaveDialog<Input, Edited extends Versioned>({
  opened,
  onClose,
  title,
  noun,
  record,
  save,
  pending,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** 'task': 'Someone else changed this task after you opened it.' */
  noun: string;
  record: Edited | undefined;
  save: DialogSave<Input, Edited>;
  pending: boolean;
  children: (form: DialogFormProps<Input>) => ReactNode;
}) {
  const { submit, close, changedMeanwhile } = useDialogSave(record, save, onClose);
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={title}
      saving={pending}
      size="lg"
      above={changedMeanwhile && <ChangedMeanwhile noun={noun} />}
    >
      {children({ onSubmit: submit, pending })}
    </FormDialog>
  );
}
