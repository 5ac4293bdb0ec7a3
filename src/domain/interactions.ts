import { z } from 'zod';
import { companyRecordSchema, dateTimeSchema, ID_MAX, idText, requiredLines } from './common.ts';
import { type ListParams, listQuerySchema } from './lists.ts';

export const interactionTypes = ['meeting', 'call', 'email', 'note'] as const;
export type InteractionType = (typeof interactionTypes)[number];

export const INVALID_CONTACT = 'Invalid contact selection';

export const interactionInputSchema = z.object({
  contactId: z
    .number({
      error: (issue) => (issue.input === undefined ? 'Contact is required' : INVALID_CONTACT),
    })
    .int(INVALID_CONTACT)
    .min(1, INVALID_CONTACT)
    .max(ID_MAX, INVALID_CONTACT),
  type: z.enum(interactionTypes, { error: 'Type is required' }),
  notes: requiredLines('Notes are required'),
  date: dateTimeSchema('Date is required'),
});
export type InteractionInput = z.input<typeof interactionInputSchema>;
export type InteractionValues = z.output<typeof interactionInputSchema>;

export const interactionPatchSchema = interactionInputSchema.partial();

export const interactionSchema = companyRecordSchema({
  contactId: z.number().int(),
  /** The linked contact's name, so lists need no second lookup. */
  contactName: z.string(),
  type: z.enum(interactionTypes),
  notes: z.string(),
  date: z.string(),
});
export type Interaction = z.infer<typeof interactionSchema>;

const interactionSortFields = ['date', 'type', 'contactName'] as const;
export type InteractionSortField = (typeof interactionSortFields)[number];
/** What a page of the list is asked with (the API's query, as both sides type it). */
export interface InteractionListParams extends ListParams<InteractionSortField> {
  /** One contact's interactions (the contact's page). */
  contactId?: number | undefined;
}
export const interactionListQuerySchema = listQuerySchema(interactionSortFields).extend({
  contactId: idText('Invalid contact').optional(),
});
