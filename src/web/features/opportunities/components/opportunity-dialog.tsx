import { Modal } from '@mantine/core';
import type { Opportunity, OpportunityInput } from '../../../../domain/opportunities.ts';
import { withNotice } from '../../../lib/notify.ts';
import { useCreateOpportunity, useUpdateOpportunity } from '../api/opportunities-api.ts';
import { OpportunityForm } from './opportunity-form.tsx';

export function OpportunityDialog({
  opened,
  onClose,
  opportunity,
}: {
  opened: boolean;
  onClose: () => void;
  opportunity?: Opportunity;
}) {
  const create = useCreateOpportunity();
  const update = useUpdateOpportunity();

  const save = async (input: OpportunityInput) => {
    const saved = opportunity
      ? await withNotice(
          () => update.mutateAsync({ id: opportunity.id, input }),
          'Opportunity updated successfully',
        )
      : await withNotice(() => create.mutateAsync(input), 'Opportunity created successfully');
    if (saved) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={opportunity ? 'Edit Opportunity' : 'Create New Opportunity'}
      size="lg"
    >
      {opened && (
        <OpportunityForm
          key={opportunity?.id ?? 'new'}
          opportunity={opportunity}
          onSubmit={save}
          pending={create.isPending || update.isPending}
        />
      )}
    </Modal>
  );
}
