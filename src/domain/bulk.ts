// Acting on many records at once: the records chosen in a list, by id.
import { z } from 'zod';
import { BULK_MAX } from './bulk-constants.ts';
import { ID_MAX } from './common.ts';
import { grantStatuses } from './grant-constants.ts';
import { opportunityStages } from './opportunity-constants.ts';
import { taskStatuses } from './task-constants.ts';

export * from './bulk-constants.ts';

const bulkIds = z
  .array(
    z
      .number({ error: 'Each id must be a number' })
      .int('Invalid id')
      .min(1, 'Invalid id')
      .max(ID_MAX, 'Invalid id'),
    { error: 'ids must be a list of record ids' },
  )
  .min(1, 'Choose at least one record')
  .max(BULK_MAX, `At most ${BULK_MAX} records at once`)
  .transform((ids) => [...new Set(ids)]);

export const bulkDeleteSchema = z.object({ ids: bulkIds });

export const bulkGrantStatusSchema = z.object({
  ids: bulkIds,
  status: z.enum(grantStatuses, { error: 'Invalid status value' }),
});
export type BulkGrantStatus = z.input<typeof bulkGrantStatusSchema>;

export const bulkOpportunityStageSchema = z.object({
  ids: bulkIds,
  stage: z.enum(opportunityStages, { error: 'Invalid stage value' }),
});
export type BulkOpportunityStage = z.input<typeof bulkOpportunityStageSchema>;

export const bulkTaskStatusSchema = z.object({
  ids: bulkIds,
  status: z.enum(taskStatuses, { error: 'Invalid status value' }),
});
export type BulkTaskStatus = z.input<typeof bulkTaskStatusSchema>;

/** Tasks given to one member of the company, or (null) to nobody. */
export const bulkTaskAssigneeSchema = z.object({
  ids: bulkIds,
  assigneeId: z
    .number({ error: 'assigneeId must be a user id or null' })
    .int('Invalid assignee')
    .min(1, 'Invalid assignee')
    .max(ID_MAX, 'Invalid assignee')
    .nullable(),
});
export type BulkTaskAssignee = z.input<typeof bulkTaskAssigneeSchema>;

/** How many of the chosen records the company had, and were deleted or changed. */
export const bulkResultSchema = z.object({ count: z.number().int() });
export type BulkResult = z.infer<typeof bulkResultSchema>;
