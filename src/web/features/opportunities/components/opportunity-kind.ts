import type { Opportunity } from '../../../../domain/opportunities.ts';
import { paths } from '../../../app/paths.ts';
import { recordKind } from '../../../components/record-kind.ts';
import {
  opportunityKeys,
  useCreateOpportunity,
  useDeleteOpportunity,
  useOpportunity,
  useUpdateOpportunity,
} from '../api/opportunities-api.ts';

/** Opportunities, as the opportunities list and an opportunity's page add, edit and delete them. */
export const opportunityKind = recordKind({
  noun: 'opportunity',
  plural: 'opportunities',
  listPath: paths.opportunities,
  addTitle: 'Create New Opportunity',
  cached: opportunityKeys.all,
  useOne: useOpportunity,
  useCreate: useCreateOpportunity,
  useUpdate: useUpdateOpportunity,
  useDelete: useDeleteOpportunity,
  question: (opportunity: Opportunity) => `Delete ${opportunity.name}? This cannot be undone.`,
  dialog: () => import('./opportunity-dialog.tsx').then((m) => m.OpportunityDialog),
});
