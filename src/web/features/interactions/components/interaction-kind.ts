import type { Interaction } from '../../../../domain/interactions.ts';
import { paths } from '../../../app/paths.ts';
import { recordKind } from '../../../components/record-kind.ts';
import { interactionsApi } from '../api/interactions-api.ts';

/**
 * Interactions, as the interactions list, an interaction's page and a contact's page (Log
 * Interaction) add, edit and delete them.
 */
export const interactionKind = recordKind({
  ...interactionsApi,
  noun: 'interaction',
  plural: 'interactions',
  listPath: paths.interactions,
  addTitle: 'Log Interaction',
  signedOut: 'You must be logged in to create an interaction',
  question: (interaction: Interaction) =>
    `Delete this ${interaction.type} with ${interaction.contactName}? This cannot be undone.`,
  dialog: () => import('./interaction-dialog.tsx').then((m) => m.InteractionDialog),
});
