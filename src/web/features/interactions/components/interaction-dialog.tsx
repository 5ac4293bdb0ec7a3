import { Modal } from '@mantine/core';
import type { Interaction, InteractionInput } from '../../../../domain/interactions.ts';
import { withNotice } from '../../../lib/notify.ts';
import { useCreateInteraction, useUpdateInteraction } from '../api/interactions-api.ts';
import { InteractionForm } from './interaction-form.tsx';

const SIGNED_OUT = 'You must be logged in to create an interaction';

export function InteractionDialog({
  opened,
  onClose,
  interaction,
}: {
  opened: boolean;
  onClose: () => void;
  interaction?: Interaction;
}) {
  const create = useCreateInteraction();
  const update = useUpdateInteraction();

  const save = async (input: InteractionInput) => {
    const saved = interaction
      ? await withNotice(
          () => update.mutateAsync({ id: interaction.id, input }),
          'Interaction updated successfully',
          SIGNED_OUT,
        )
      : await withNotice(
          () => create.mutateAsync(input),
          'Interaction created successfully',
          SIGNED_OUT,
        );
    if (saved) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={interaction ? 'Edit Interaction' : 'Log Interaction'}
      size="lg"
    >
      <InteractionForm
        key={interaction?.id ?? 'new'}
        interaction={interaction}
        onSubmit={save}
        pending={create.isPending || update.isPending}
      />
    </Modal>
  );
}
