import type { Opportunity } from '../../../../domain/opportunities.ts';
import { RecordDialog, type RecordDialogProps } from '../../../components/record-dialog.tsx';
import { OpportunityForm } from './opportunity-form.tsx';
import { opportunityKind } from './opportunity-kind.ts';

/**
 * 'Create New Opportunity', or the edit dialog prefilled with `record`. The form mounts on each
 * opening, so a new opportunity's expected close date is the moment it was opened.
 */
export function OpportunityDialog(props: RecordDialogProps<Opportunity>) {
  return (
    <RecordDialog {...props} kind={opportunityKind}>
      {(form) => props.opened && <OpportunityForm opportunity={props.record} {...form} />}
    </RecordDialog>
  );
}
