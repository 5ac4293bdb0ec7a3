import type { Grant } from '../../../../domain/grants.ts';
import {
  RecordDialog,
  type RecordDialogProps,
  useSaveRecord,
} from '../../../components/record-dialog.tsx';
import { useCreateGrant, useUpdateGrant } from '../api/grants-api.ts';
import { GrantForm } from './grant-form.tsx';

const notices = {
  created: 'Grant created successfully',
  updated: 'Grant updated successfully',
  signedOut: 'You must be logged in to manage grants',
};

/** 'Add Grant', or the edit dialog prefilled with `grant`. */
export function GrantDialog({ record: grant, ...dialog }: RecordDialogProps<Grant>) {
  const { save, pending } = useSaveRecord(
    grant,
    useCreateGrant(),
    useUpdateGrant(),
    notices,
    dialog.onClose,
  );
  return (
    <RecordDialog {...dialog} title={grant ? 'Edit Grant' : 'Add Grant'}>
      <GrantForm key={grant?.id ?? 'new'} grant={grant} onSubmit={save} pending={pending} />
    </RecordDialog>
  );
}
