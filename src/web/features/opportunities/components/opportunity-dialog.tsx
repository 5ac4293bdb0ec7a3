import type { Opportunity } from '../../../../domain/opportunities.ts';
import {
  RecordDialog,
  type RecordDialogProps,
  useSaveRecord,
} from '../../../components/record-dialog.tsx';
import { useCreateOpportunity, useUpdateOpportunity } from '../api/opportunities-api.ts';
import { OpportunityForm } from './opportunity-form.tsx';

const notices = {
  created: 'Opportunity created successfully',
  updated: 'Opportunity updated successfully',
};

/**
 * 'Create New Opportunity', or the edit dialog prefilled with `opportunity`. The form mounts on
 * each opening, so a new opportunity's expected close date is the moment it was opened.
 */
export function OpportunityDialog({
  record: opportunity,
  ...dialog
}: RecordDialogProps<Opportunity>) {
  const { save, pending } = useSaveRecord(
    opportunity,
    useCreateOpportunity(),
    useUpdateOpportunity(),
    notices,
    dialog.onClose,
  );
  return (
    <RecordDialog {...dialog} title={opportunity ? 'Edit Opportunity' : 'Create New Opportunity'}>
      {dialog.opened && (
        <OpportunityForm
          key={opportunity?.id ?? 'new'}
          opportunity={opportunity}
          onSubmit={save}
          pending={pending}
        />
      )}
    </RecordDialog>
  );
}
