// The requirement vocabulary without the schemas: pages that only show labels import this and
// leave the validation library out of their download (requirements.ts re-exports it all).
/** The dated deliverables a grant's funder asks for, before and after the award. */
export const requirementTypes = [
  'letter_of_inquiry',
  'application',
  'interim_report',
  'final_report',
  'budget',
  'site_visit',
  'other',
] as const;
export type RequirementType = (typeof requirementTypes)[number];

export const requirementTypeLabels: Record<RequirementType, string> = {
  letter_of_inquiry: 'Letter of inquiry',
  application: 'Application',
  interim_report: 'Interim report',
  final_report: 'Final report',
  budget: 'Budget',
  site_visit: 'Site visit',
  other: 'Other',
};

export const requirementStatuses = ['pending', 'submitted', 'accepted'] as const;
export type RequirementStatus = (typeof requirementStatuses)[number];

export const requirementStatusLabels: Record<RequirementStatus, string> = {
  pending: 'Pending',
  submitted: 'Submitted',
  accepted: 'Accepted',
};

/** The dashboard shows pending requirements due within this many days, and those overdue. */
export const REQUIREMENTS_DUE_WITHIN_DAYS = 14;
