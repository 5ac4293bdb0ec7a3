import { z } from 'zod';
import {
  amountSchema,
  companyRecordSchema,
  dateTimeSchema,
  emptyIsNull,
  isMissing,
  optionalLines,
  requiredText,
} from './common.ts';
import { type ListParams, listQuerySchema, queryChoice } from './lists.ts';

import {
  type OpportunityStage,
  opportunitySortFields,
  opportunityStages,
} from './opportunity-constants.ts';

export * from './opportunity-constants.ts';

export const opportunityInputSchema = z.object({
  name: requiredText('Name is required'),
  organization: requiredText('Organization is required'),
  amount: amountSchema('Amount must be greater than 0'),
  stage: z.enum(opportunityStages, {
    error: (issue) => (isMissing(issue.input) ? 'Stage is required' : 'Invalid stage value'),
  }),
  expectedCloseDate: dateTimeSchema('Expected close date is required'),
  probability: emptyIsNull(
    z
      .number({ error: 'Probability must be a number from 0 to 100' })
      // The bounds first, stopping there: 2^53 is too large, not a fraction (to Zod, a number
      // past the exact integers is no integer).
      .max(100, { error: 'Probability must be at most 100', abort: true })
      .min(0, { error: 'Probability must be at least 0', abort: true })
      .int('Probability must be a whole number')
      .nullish(),
  ),
  notes: optionalLines(),
});
export type OpportunityInput = z.input<typeof opportunityInputSchema>;
export type OpportunityValues = z.output<typeof opportunityInputSchema>;
/** PATCH: a field left out keeps its value; `null` clears probability or notes. */
export const opportunityPatchSchema = opportunityInputSchema.partial();

export const opportunitySchema = companyRecordSchema({
  name: z.string(),
  organization: z.string(),
  amount: z.number(),
  stage: z.enum(opportunityStages),
  expectedCloseDate: z.string(),
  probability: z.number().int().nullable(),
  notes: z.string().nullable(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

export type OpportunitySortField = (typeof opportunitySortFields)[number];
/** What a page of the list is asked with (the API's query, as both sides type it). */
export interface OpportunityListParams extends ListParams<OpportunitySortField> {
  stage?: OpportunityStage | undefined;
}
export const opportunityListQuerySchema = listQuerySchema(opportunitySortFields).extend({
  stage: queryChoice(opportunityStages, 'Stage'),
});

export const opportunityPipelineSchema = z.array(
  z.object({ stage: z.enum(opportunityStages), count: z.number().int(), total: z.number() }),
);
export type OpportunityPipeline = z.infer<typeof opportunityPipelineSchema>;
