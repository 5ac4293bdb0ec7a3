import type { Interaction } from '../../../../domain/interactions.ts';
import { recordActions } from '../../../components/record-actions.ts';
import { interactionKeys, useDeleteInteraction } from '../api/interactions-api.ts';

/** An interaction's dialog and deletion, from the interactions list and from its page. */
export const interactionActions = recordActions({
  noun: 'interaction',
  cached: interactionKeys.all,
  dialog: () => import('./interaction-dialog.tsx').then((m) => m.InteractionDialog),
  useDelete: useDeleteInteraction,
  question: (interaction: Interaction) =>
    `Delete this ${interaction.type} with ${interaction.contactName}? This cannot be undone.`,
});
