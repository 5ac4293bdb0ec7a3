import { z } from 'zod';
import {
  companyRecordSchema,
  ID_MAX,
  optionalHttpUrl,
  optionalLines,
  requiredText,
  timeZoneQuery,
} from './common.ts';
import { contactSchema } from './contacts.ts';
import { type FunderType, funderSortFields, funderTypes } from './funder-constants.ts';
import { grantSchema } from './grants.ts';
import { interactionSchema } from './interactions.ts';
import { type ListParams, listQuerySchema, queryChoice, queryText } from './lists.ts';
import { opportunitySchema } from './opportunities.ts';

export * from './funder-constants.ts';

/**
 * A funder is the record behind an organization's name: the name a grant gives as its funder,
 * and an opportunity or a contact as its organization. Names that differ only in case or in
 * surrounding spaces are one funder.
 */
export const funderSchema = companyRecordSchema({
  name: z.string(),
  /** Null until someone says which kind of funder it is. */
  type: z.enum(funderTypes).nullable(),
  website: z.string().nullable(),
  notes: z.string().nullable(),
  /** How many grants, opportunities and contacts carry its name. */
  grantCount: z.number().int(),
  opportunityCount: z.number().int(),
  contactCount: z.number().int(),
});
export type Funder = z.infer<typeof funderSchema>;

/** PATCH: a field left out keeps its value; `null` clears type, website or notes. */
export const funderPatchSchema = z
  .object({
    name: requiredText('Name is required'),
    // Cleared with null, or with an empty value as every other field is.
    type: z.preprocess(
      (value) => (value === '' ? null : value),
      z.enum(funderTypes, { error: `Type must be one of: ${funderTypes.join(', ')}` }).nullable(),
    ),
    website: optionalHttpUrl,
    notes: optionalLines(),
  })
  .partial();
export type FunderPatch = z.output<typeof funderPatchSchema>;

const INTO_ID = 'intoId must be the id of another funder';
export const funderMergeSchema = z.object({
  intoId: z.number({ error: INTO_ID }).int(INTO_ID).min(1, INTO_ID).max(ID_MAX, INTO_ID),
});

export type FunderSortField = (typeof funderSortFields)[number];
export interface FunderListParams extends ListParams<FunderSortField> {
  type?: FunderType | undefined;
  /** A name, matched as funders are (any case, surrounding spaces): its one funder, if any. */
  name?: string | undefined;
}
export const funderListQuerySchema = listQuerySchema(funderSortFields).extend({
  type: queryChoice(funderTypes, 'Type'),
  /** A name, matched as funders are (any case, surrounding spaces): its one funder, if any. */
  name: queryText(),
});

/**
 * A deadline of a funder's work: a grant's due date, or a task or a pending requirement of one of
 * its grants.
 */
const funderDeadlineSchema = z.object({
  kind: z.enum(['grant', 'task', 'requirement']),
  id: z.number().int(),
  grantId: z.number().int(),
  title: z.string(),
  dueDate: z.string(),
});
export type FunderDeadline = z.infer<typeof funderDeadlineSchema>;

/** How many are shown of each related list on a funder's page. */
export const FUNDER_RELATED_SHOWN = 10;

/**
 * What a funder's page asks: `tz`, the time zone whose day its upcoming deadlines start from (the
 * reader's, as the dashboard's and the board's do; the organization's when left out).
 */
export const funderDetailQuerySchema = z.object({ tz: timeZoneQuery().optional() });

/** A funder's page: the record, its grants' figures, and what is related to it. */
export const funderDetailSchema = funderSchema.extend({
  /** Sum of the amounts its grants asked for, whatever their status. */
  requestedTotal: z.number(),
  /** Sum of the amounts of its awarded grants. */
  awardedTotal: z.number(),
  awardedCount: z.number().int(),
  rejectedCount: z.number().int(),
  /** Awarded ÷ decided (awarded or rejected); null before any grant is decided. */
  winRate: z.number().nullable(),
  contacts: z.array(contactSchema),
  grants: z.array(grantSchema),
  opportunities: z.array(opportunitySchema),
  /** The latest interactions with its contacts, with the contact's name. */
  interactions: z.array(interactionSchema),
  /** Active grants' due dates and open tasks of its grants, from today on, soonest first. */
  deadlines: z.array(funderDeadlineSchema),
});
export type FunderDetail = z.infer<typeof funderDetailSchema>;

/** The grants' figures of a funder's page, from its grants' amounts and statuses. */
export function winRate(awarded: number, rejected: number): number | null {
  const decided = awarded + rejected;
  return decided === 0 ? null : awarded / decided;
}
