import type { Interaction } from '../../../../domain/interactions.ts';
import { DetailsDialog, type RecordDetailsProps } from '../../../components/details-dialog.tsx';
import { InteractionSummary } from './interaction-info-card.tsx';

/** 'Interaction Details': type, full date and time, notes (SPEC §2.8). */
export function InteractionDetailsDialog(props: RecordDetailsProps<Interaction>) {
  return (
    <DetailsDialog {...props} title="Interaction Details">
      {(interaction) => <InteractionSummary interaction={interaction} />}
    </DetailsDialog>
  );
}
