import { z } from 'zod';
import { timeZoneQuery } from './common.ts';
import { boardTaskSchema, grantStatuses, taskAssigneeFilters } from './grants.ts';
import { interactionTypes } from './interactions.ts';
import { queryChoice } from './lists.ts';
import { dueRequirementSchema } from './requirements.ts';

/** SPEC §2.5: each dashboard list shows five items. */
export const DASHBOARD_LIST_SIZE = 5;

/** The dashboard's task lists show this many tasks, and say how many there are in all. */
export const DASHBOARD_TASKS_SHOWN = 10;
/** The dashboard's requirements due show this many, and say how many there are in all. */
export const DASHBOARD_REQUIREMENTS_SHOWN = 10;

/**
 * `?tz=`: the time zone whose days the dashboard counts (the browser's own); UTC when left out.
 * `?assignee=me`: its task lists show only the signed-in user's tasks.
 */
export const dashboardQuerySchema = z.object({
  tz: timeZoneQuery().optional(),
  assignee: queryChoice(taskAssigneeFilters, 'Assignee'),
});

/** The first tasks of one of the dashboard's task lists, each with its grant, and the count of all. */
const dashboardTasksSchema = z.object({
  items: z.array(boardTaskSchema),
  total: z.number().int(),
});
export type DashboardTasks = z.infer<typeof dashboardTasksSchema>;

export const dashboardSchema = z.object({
  totalContacts: z.number().int(),
  totalInteractions: z.number().int(),
  /** Grants whose status is neither awarded nor rejected. */
  activeGrants: z.number().int(),
  upcomingDeadlines: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      funder: z.string(),
      dueDate: z.string(),
      status: z.enum(grantStatuses),
    }),
  ),
  recentInteractions: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(interactionTypes),
      notes: z.string(),
      date: z.string(),
      contactId: z.number().int(),
      contactName: z.string(),
    }),
  ),
  /** Open tasks due today or in the next days (TASKS_DUE_WITHIN_DAYS days in all), soonest first. */
  tasksDueSoon: dashboardTasksSchema,
  /** Open tasks due before today, and tasks marked overdue: the most overdue first. */
  overdueTasks: dashboardTasksSchema,
  /**
   * Pending requirements overdue or due within REQUIREMENTS_DUE_WITHIN_DAYS days (today counts),
   * soonest first: the first DASHBOARD_REQUIREMENTS_SHOWN of them (years of grants imported with
   * their reports never marked made every dashboard read thousands).
   */
  requirementsDue: z.array(dueRequirementSchema),
  /** How many requirements are due so, the ones shown among them. */
  requirementsDueTotal: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
