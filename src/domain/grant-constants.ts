// The grant vocabulary without the schemas: pages that only show labels import this and leave
// the validation library out of their download (grants.ts re-exports it, and task-constants.ts).
import { valuesOf } from './vocabulary.ts';

export const grantStatusLabels = {
  draft: 'Draft',
  'in-progress': 'In Progress',
  submitted: 'Submitted',
  awarded: 'Awarded',
  rejected: 'Rejected',
};
export const grantStatuses = valuesOf(grantStatusLabels);
export type GrantStatus = (typeof grantStatuses)[number];

/** Awarded and rejected grants are decided; every other grant is active (SPEC §2.5). */
const isActiveGrant = (status: GrantStatus) => status !== 'awarded' && status !== 'rejected';
export const activeGrantStatuses = grantStatuses.filter(isActiveGrant);
