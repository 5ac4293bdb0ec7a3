import { z } from 'zod';
import {
  amountSchema,
  assigneeIdSchema,
  choice,
  companyRecordSchema,
  dateTimeSchema,
  idText,
  optionalAmount,
  optionalDay,
  optionalHttpUrl,
  optionalLines,
  requiredLines,
  requiredText,
  timeZoneQuery,
} from './common.ts';
import { importMappingSchema, importPreviewSchema, tooManyInvalidRows } from './csv-import.ts';
import { type TaskDueWindow, taskDueWindows } from './due-dates.ts';
import { type GrantStatus, grantSortFields, grantStatuses } from './grant-constants.ts';
import { GRANT_CSV_FIELDS } from './grant-import.ts';
import {
  type ListParams,
  listQuerySchema,
  queryChoice,
  queryText,
  searchQuerySchema,
} from './lists.ts';
import {
  type TaskAssigneeFilter,
  taskAssigneeFilters,
  taskCategories,
  taskStatuses,
} from './task-constants.ts';

export * from './grant-constants.ts';
export * from './task-constants.ts';

export const grantImportMappingSchema = importMappingSchema(GRANT_CSV_FIELDS);
export const grantImportPreviewSchema = importPreviewSchema(GRANT_CSV_FIELDS);
export const TOO_MANY_INVALID_GRANT_ROWS = tooManyInvalidRows('grants');

export const grantSchema = companyRecordSchema({
  name: z.string(),
  funder: z.string(),
  amount: z.number(),
  dueDate: z.string(),
  status: z.enum(grantStatuses),
  notes: z.string().nullable(),
  documentUrl: z.string().nullable(),
  /** What the funder granted (`amount` is what was asked for), and when; null until then. */
  awardedAmount: z.number().nullable(),
  /**
   * Whether the awarded amount is what was asked for, filled in when the grant became Awarded
   * with no award given, and nobody has given the award's amount or date since: it follows the
   * amount asked for while the grant is awarded, and goes when the grant leaves Awarded.
   */
  awardFilledIn: z
    .boolean()
    .describe(
      'Whether awardedAmount was filled in as the amount requested, the grant set to awarded with no award given, and no award given since: it follows the amount requested while the grant is awarded and is cleared when it leaves awarded.',
    ),
  awardedDate: z.string().nullable(),
  /** The period the award covers. */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
});
export type Grant = z.infer<typeof grantSchema>;

export const PERIOD_ORDER = 'The period cannot end before it starts';

/** What a form may send for a grant. */
const grantFields = z.object({
  name: requiredText('Name is required'),
  funder: requiredText('Funder is required'),
  amount: amountSchema('Amount must be positive'),
  dueDate: dateTimeSchema('Due date is required'),
  status: choice(grantStatuses, 'Status is required', 'Invalid status value'),
  notes: optionalLines(),
  documentUrl: optionalHttpUrl,
  awardedAmount: optionalAmount('Awarded amount must be positive'),
  awardedDate: optionalDay(),
  periodStart: optionalDay(),
  periodEnd: optionalDay(),
});

/** A period sent whole must not end before it starts (the database holds the rule too). */
const periodInOrder = (values: {
  periodStart?: Date | null | undefined;
  periodEnd?: Date | null | undefined;
}) => !values.periodStart || !values.periodEnd || values.periodEnd >= values.periodStart;
const periodIssue = { message: PERIOD_ORDER, path: ['periodEnd'] };

export const grantInputSchema = grantFields
  .extend({ status: grantFields.shape.status.default('draft') })
  .refine(periodInOrder, periodIssue);
export type GrantInput = z.input<typeof grantInputSchema>;
export type GrantValues = z.output<typeof grantInputSchema>;
/**
 * PATCH: a field left out keeps its value and `null` clears an optional one. Built without the
 * create defaults, which would otherwise fill a left-out status and reset it.
 */
export const grantPatchSchema = grantFields.partial().refine(periodInOrder, periodIssue);

export type GrantSortField = (typeof grantSortFields)[number];
/** What a page of the list is asked with (the API's query, as both sides type it). */
export interface GrantListParams extends ListParams<GrantSortField> {
  /** Exact funder: the grants of one organization. */
  funder?: string | undefined;
  status?: GrantStatus | undefined;
}
export const grantListQuerySchema = listQuerySchema(grantSortFields).extend({
  /** Exact funder: the grants of one organization (SPEC §1). */
  funder: queryText(),
  status: queryChoice(grantStatuses, 'Status'),
});

/** Count and total amount of the grants in each status, in pipeline order. */
export const pipelineSchema = z.array(
  z.object({ status: z.enum(grantStatuses), count: z.number().int(), total: z.number() }),
);
export type Pipeline = z.infer<typeof pipelineSchema>;

export const taskSchema = companyRecordSchema({
  grantId: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: z.enum(taskCategories),
  dueDate: z.string().nullable(),
  status: z.enum(taskStatuses),
  /** The member of the company who does it; null when nobody is assigned. */
  assigneeId: z.number().int().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/** A task in a list, with the name of the member it is assigned to (null when nobody). */
export const listedTaskSchema = taskSchema.extend({ assigneeName: z.string().nullable() });
export type ListedTask = z.infer<typeof listedTaskSchema>;

/** What a form may send for a task. */
const taskFields = z.object({
  name: requiredText('Task name is required'),
  description: requiredLines('Task description is required'),
  category: choice(taskCategories, 'Category is required', 'Invalid category value'),
  dueDate: dateTimeSchema('Due date is required'),
  status: choice(taskStatuses, 'Status is required', 'Invalid status value'),
  assigneeId: assigneeIdSchema.optional(),
});

export const taskInputSchema = taskFields.extend({
  status: taskFields.shape.status.default('pending'),
});
export type TaskInput = z.input<typeof taskInputSchema>;
export type TaskValues = z.output<typeof taskInputSchema>;
/**
 * PATCH: a status alone (select or drag) or the whole form; a field left out keeps its value.
 * Without the create default, so an edit that leaves the status out does not reset it.
 */
export const taskPatchSchema = taskFields.partial();

/** A task on the board, with its grant. */
export const boardTaskSchema = listedTaskSchema.extend({ grantName: z.string() });
export type BoardTask = z.infer<typeof boardTaskSchema>;

/** What the board is asked with: every task of the company, or those matching the filters. */
export interface TaskBoardParams {
  /** Text the task's name contains (any case). */
  q?: string | undefined;
  grantId?: number | undefined;
  due?: TaskDueWindow | undefined;
  /** The IANA time zone whose days the due windows count (UTC when left out). */
  tz?: string | undefined;
  /** `me`: only the tasks assigned to the signed-in user. */
  assignee?: TaskAssigneeFilter | undefined;
}
export const taskBoardQuerySchema = searchQuerySchema.extend({
  grantId: idText('Invalid grant').optional(),
  due: queryChoice(taskDueWindows, 'Due'),
  tz: timeZoneQuery().optional(),
  assignee: queryChoice(taskAssigneeFilters, 'Assignee'),
});
