// The requirement vocabulary without the schemas: pages that only show labels import this and
// leave the validation library out of their download (requirements.ts re-exports it all).
import { valuesOf } from './vocabulary.ts';

/** The dated deliverables a grant's funder asks for, before and after the award. */
export const requirementTypeLabels = {
  letter_of_inquiry: 'Letter of inquiry',
  application: 'Application',
  interim_report: 'Interim report',
  final_report: 'Final report',
  budget: 'Budget',
  site_visit: 'Site visit',
  other: 'Other',
};
export const requirementTypes = valuesOf(requirementTypeLabels);
export type RequirementType = (typeof requirementTypes)[number];

export const requirementStatusLabels = {
  pending: 'Pending',
  submitted: 'Submitted',
  accepted: 'Accepted',
};
export const requirementStatuses = valuesOf(requirementStatusLabels);
export type RequirementStatus = (typeof requirementStatuses)[number];

/** The dashboard shows pending requirements due within this many days, and those overdue. */
export const REQUIREMENTS_DUE_WITHIN_DAYS = 14;
