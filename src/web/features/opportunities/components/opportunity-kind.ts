import type { Opportunity } from '../../../../domain/opportunities.ts';
import { paths } from '../../../app/paths.ts';
import { recordKind } from '../../../components/record-kind.ts';
import { opportunitiesApi } from '../api/opportunities-api.ts';

/** Opportunities, as the opportunities list and an opportunity's page add, edit and delete them. */
export const opportunityKind = recordKind({
  ...opportunitiesApi,
  noun: 'opportunity',
  plural: 'opportunities',
  listPath: paths.opportunities,
  addTitle: 'Create New Opportunity',
  question: (opportunity: Opportunity) => `Delete ${opportunity.name}? This cannot be undone.`,
  dialog: () => import('./opportunity-dialog.tsx').then((m) => m.OpportunityDialog),
});
