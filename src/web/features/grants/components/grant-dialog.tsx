import type { Grant } from '../../../../domain/grants.ts';
import { RecordDialog, type RecordDialogProps } from '../../../components/record-dialog.tsx';
import { GrantForm } from './grant-form.tsx';
import { grantKind } from './grant-kind.ts';

/** 'Add Grant', or the edit dialog prefilled with `record`. */
export function GrantDialog(props: RecordDialogProps<Grant>) {
  return (
    <RecordDialog {...props} kind={grantKind}>
      {(form) => <GrantForm grant={props.record} {...form} />}
    </RecordDialog>
  );
}
