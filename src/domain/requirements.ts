import { z } from 'zod';
import {
  assigneeIdSchema,
  choice,
  companyRecordSchema,
  dateTimeSchema,
  optionalLines,
  requiredText,
} from './common.ts';
import { requirementStatuses, requirementTypes } from './requirement-constants.ts';

export * from './requirement-constants.ts';

/** A grant's dated deliverable: a letter of inquiry, an application, a report, a site visit. */
export const requirementSchema = companyRecordSchema({
  grantId: z.number().int(),
  name: z.string(),
  type: z.enum(requirementTypes),
  dueDate: z.string(),
  status: z.enum(requirementStatuses),
  /** A user of the company who delivers it; null when nobody is. */
  assigneeId: z.number().int().nullable(),
  notes: z.string().nullable(),
});
export type Requirement = z.infer<typeof requirementSchema>;

/** What a form may send for a requirement. */
const requirementFields = z.object({
  name: requiredText('Name is required'),
  type: choice(requirementTypes, 'Type is required', 'Invalid type value'),
  dueDate: dateTimeSchema('Due date is required'),
  status: choice(requirementStatuses, 'Status is required', 'Invalid status value'),
  // Left out of a new requirement: nobody.
  assigneeId: assigneeIdSchema.optional().transform((value) => value ?? null),
  notes: optionalLines(),
});

export const requirementInputSchema = requirementFields.extend({
  status: requirementFields.shape.status.default('pending'),
});
export type RequirementInput = z.input<typeof requirementInputSchema>;
export type RequirementValues = z.output<typeof requirementInputSchema>;
/** PATCH: a field left out keeps its value; null clears the assignee or the notes. */
export const requirementPatchSchema = requirementFields.partial();

/** A requirement on the dashboard: pending, due soon or overdue, with its grant's name. */
export const dueRequirementSchema = requirementSchema.extend({ grantName: z.string() });
export type DueRequirement = z.infer<typeof dueRequirementSchema>;
