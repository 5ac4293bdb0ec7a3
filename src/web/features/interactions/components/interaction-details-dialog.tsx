import { Modal } from '@mantine/core';
import type { Interaction } from '../../../../domain/interactions.ts';
import { InteractionSummary } from './interaction-info-card.tsx';

/** 'Interaction Details': type, full date and time, notes (SPEC §2.8). */
export function InteractionDetailsDialog({
  interaction,
  onClose,
}: {
  interaction: Interaction | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={interaction !== null} onClose={onClose} title="Interaction Details">
      {interaction && <InteractionSummary interaction={interaction} />}
    </Modal>
  );
}
