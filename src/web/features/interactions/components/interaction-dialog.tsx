import type { Interaction } from '../../../../domain/interactions.ts';
import { RecordDialog, type RecordDialogProps } from '../../../components/record-dialog.tsx';
import { type ChosenContact, InteractionForm } from './interaction-form.tsx';
import { interactionKind } from './interaction-kind.ts';

/**
 * 'Log Interaction' (with `contact` chosen, when it is logged from their page), or the edit
 * dialog prefilled with `record`.
 */
export function InteractionDialog({
  contact,
  ...dialog
}: RecordDialogProps<Interaction> & { contact?: ChosenContact }) {
  return (
    <RecordDialog {...dialog} kind={interactionKind}>
      {(form) => <InteractionForm interaction={dialog.record} contact={contact} {...form} />}
    </RecordDialog>
  );
}
