// The grant vocabulary without the schemas: pages that only show labels import this and leave
// the validation library out of their download (grants.ts re-exports it, and task-constants.ts).
export const grantStatuses = ['draft', 'in-progress', 'submitted', 'awarded', 'rejected'] as const;
export type GrantStatus = (typeof grantStatuses)[number];

/** Awarded and rejected grants are decided; every other grant is active (SPEC §2.5). */
const isActiveGrant = (status: GrantStatus) => status !== 'awarded' && status !== 'rejected';
export const activeGrantStatuses = grantStatuses.filter(isActiveGrant);

export const grantStatusLabels: Record<GrantStatus, string> = {
  draft: 'Draft',
  'in-progress': 'In Progress',
  submitted: 'Submitted',
  awarded: 'Awarded',
  rejected: 'Rejected',
};

/** What the list may be sorted by (`?sort=name`, `-name`). */
export const grantSortFields = ['name', 'funder', 'amount', 'dueDate', 'status'] as const;
