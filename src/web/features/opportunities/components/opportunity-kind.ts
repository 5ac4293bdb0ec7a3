import type { Opportunity } from '../../../../domain/opportunities.ts';
import { recordKind } from '../../../components/record-kind.ts';
import {
  opportunityKeys,
  useCreateOpportunity,
  useDeleteOpportunity,
  useUpdateOpportunity,
} from '../api/opportunities-api.ts';

/** Opportunities, as the opportunities list and an opportunity's page add, edit and delete them. */
export const opportunityKind = recordKind({
  noun: 'opportunity',
  addTitle: 'Create New Opportunity',
  cached: opportunityKeys.all,
  useCreate: useCreateOpportunity,
  useUpdate: useUpdateOpportunity,
  useDelete: useDeleteOpportunity,
  question: (opportunity: Opportunity) => `Delete ${opportunity.name}? This cannot be undone.`,
  dialog: () => import('./opportunity-dialog.tsx').then((m) => m.OpportunityDialog),
});
