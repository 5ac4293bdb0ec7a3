import type { Opportunity } from '../../../../domain/opportunities.ts';
import { recordActions } from '../../../components/record-actions.ts';
import { opportunityKeys, useDeleteOpportunity } from '../api/opportunities-api.ts';

/** An opportunity's dialog and deletion, from the opportunities list and from its page. */
export const opportunityActions = recordActions({
  noun: 'opportunity',
  cached: opportunityKeys.all,
  dialog: () => import('./opportunity-dialog.tsx').then((m) => m.OpportunityDialog),
  useDelete: useDeleteOpportunity,
  question: (opportunity: Opportunity) => `Delete ${opportunity.name}? This cannot be undone.`,
});
