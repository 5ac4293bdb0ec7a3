// The task vocabulary without the schemas, as grant-constants.ts is the grants': the pages that
// show tasks import it, and the grants list leaves it out of its download.

export const taskCategories = ['research', 'proposal', 'outreach', 'submission'] as const;
type TaskCategory = (typeof taskCategories)[number];

export const taskCategoryLabels: Record<TaskCategory, string> = {
  research: 'Research',
  proposal: 'Proposal',
  outreach: 'Outreach',
  submission: 'Submission',
};

export const taskStatuses = ['pending', 'in-progress', 'completed', 'overdue'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

/** Work not done yet: late once the day it was due is over (a task may also be marked overdue). */
export const openTaskStatuses = ['pending', 'in-progress'] as const satisfies TaskStatus[];

/** The dashboard's 'due soon': open work due today or in the days after it, this many days in all. */
export const TASKS_DUE_WITHIN_DAYS = 14;

export const taskStatusLabels: Record<TaskStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  completed: 'Completed',
  overdue: 'Overdue',
};

/** Whose tasks a list shows (`?assignee=`): `me`, the signed-in user's; left out, everyone's. */
export const taskAssigneeFilters = ['me'] as const;
export type TaskAssigneeFilter = (typeof taskAssigneeFilters)[number];

/**
 * The most cards the tasks board shows, soonest due first: a company of 50,000 tasks made each
 * board a 14 MB answer built whole in memory. Its filters find the others.
 */
export const BOARD_TASKS_MAX = 2_000;

/** A task named with its grant, as wherever tasks of several grants are listed together. */
export const taskTitle = (task: { name: string }, grantName: string) =>
  `${task.name} (${grantName})`;
