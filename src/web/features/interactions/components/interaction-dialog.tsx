import type { Interaction } from '../../../../domain/interactions.ts';
import {
  RecordDialog,
  type RecordDialogProps,
  useSaveRecord,
} from '../../../components/record-dialog.tsx';
import { useCreateInteraction, useUpdateInteraction } from '../api/interactions-api.ts';
import { InteractionForm } from './interaction-form.tsx';

const notices = {
  created: 'Interaction created successfully',
  updated: 'Interaction updated successfully',
  signedOut: 'You must be logged in to create an interaction',
};

/**
 * 'Log Interaction' (with `contact` chosen, when it is logged from their page), or the edit
 * dialog prefilled with `interaction`.
 */
export function InteractionDialog({
  record: interaction,
  contact,
  ...dialog
}: RecordDialogProps<Interaction> & { contact?: { id: number; name: string } }) {
  const { save, pending } = useSaveRecord(
    interaction,
    useCreateInteraction(),
    useUpdateInteraction(),
    notices,
    dialog.onClose,
  );
  return (
    <RecordDialog {...dialog} title={interaction ? 'Edit Interaction' : 'Log Interaction'}>
      <InteractionForm
        key={interaction?.id ?? 'new'}
        interaction={interaction}
        contact={contact}
        onSubmit={save}
        pending={pending}
      />
    </RecordDialog>
  );
}
