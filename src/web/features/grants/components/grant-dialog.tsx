import { Modal } from '@mantine/core';
import type { Grant, GrantInput } from '../../../../domain/grants.ts';
import { withNotice } from '../../../lib/notify.ts';
import { useCreateGrant, useUpdateGrant } from '../api/grants-api.ts';
import { GrantForm } from './grant-form.tsx';

const SIGNED_OUT = 'You must be logged in to manage grants';

export function GrantDialog({
  opened,
  onClose,
  grant,
}: {
  opened: boolean;
  onClose: () => void;
  grant?: Grant;
}) {
  const create = useCreateGrant();
  const update = useUpdateGrant();

  const save = async (input: GrantInput) => {
    const saved = grant
      ? await withNotice(
          () => update.mutateAsync({ id: grant.id, input }),
          'Grant updated successfully',
          SIGNED_OUT,
        )
      : await withNotice(() => create.mutateAsync(input), 'Grant created successfully', SIGNED_OUT);
    if (saved) onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={grant ? 'Edit Grant' : 'Add Grant'} size="lg">
      <GrantForm
        key={grant?.id ?? 'new'}
        grant={grant}
        onSubmit={save}
        pending={create.isPending || update.isPending}
      />
    </Modal>
  );
}
