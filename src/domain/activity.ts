// The history of every change: what GET /api/activity is asked and answers.
import { z } from 'zod';
import { idText } from './common.ts';
import { pageQuery, queryChoice } from './lists.ts';

/** The kinds of record whose changes are kept (`entity`, singular, as the API names them). */
const ACTIVITY_ENTITIES = [
  'contact',
  'interaction',
  'grant',
  'task',
  'requirement',
  'opportunity',
  'funder',
] as const;
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number];

/** 'merged': a funder merged into this one (its name in `changes`, before). */
const ACTIVITY_ACTIONS = ['created', 'updated', 'deleted', 'merged'] as const;

const ACTIVITY_LIMIT_MAX = 100;

/**
 * One record's history (`entity` and `id`, for everyone), or, with neither, the whole
 * company's latest changes (admins only), newest first.
 */
export const activityQuerySchema = z
  .object({
    entity: queryChoice(ACTIVITY_ENTITIES, 'Entity'),
    id: idText().optional(),
    ...pageQuery(ACTIVITY_LIMIT_MAX),
  })
  .refine((query) => (query.entity === undefined) === (query.id === undefined), {
    error: 'Give both entity and id, or neither',
  });
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** A value before or after a change, as the database kept it (JSON). */
const changedValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const activityEntrySchema = z.object({
  id: z.number().int(),
  entity: z.enum(ACTIVITY_ENTITIES),
  entityId: z.number().int(),
  action: z.enum(ACTIVITY_ACTIONS),
  /** Who made the change: null for the system (a job, a script). */
  actorId: z.number().int().nullable(),
  /** Their name when they made it, kept after they are removed. */
  actorName: z.string().nullable(),
  /** The record's name when it changed. */
  title: z.string(),
  /**
   * An update's changed fields (column names, snake_case), each before and after; a merge's
   * name: the merged funder's before, the kept one's after.
   */
  changes: z
    .array(z.object({ field: z.string(), before: changedValue, after: changedValue }))
    .nullable(),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
