import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  lt,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  DASHBOARD_LIST_SIZE,
  DASHBOARD_REQUIREMENTS_SHOWN,
  DASHBOARD_TASKS_SHOWN,
  type Dashboard,
  type DashboardTasks,
} from '../../../domain/dashboard.ts';
import { startOfDay } from '../../../domain/due-dates.ts';
import {
  activeGrantStatuses,
  openTaskStatuses,
  TASKS_DUE_WITHIN_DAYS,
} from '../../../domain/grants.ts';
import { REQUIREMENTS_DUE_WITHIN_DAYS } from '../../../domain/requirement-constants.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { assigneeOfTask, contactOfInteraction, grantOfTask } from '../../db/joins.ts';
import * as lists from '../../db/list-helpers.ts';
import { withIsoStamps } from '../../db/rows.ts';
import { contacts, grants, grantTasks, interactions, listCounts, users } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';
import { owedWork } from '../grants/grant-records.ts';
import { grantDeadlinesWhere } from '../grants/grants.repository.ts';
import { createRequirementsRepository } from '../grants/requirements.repository.ts';
import { overdueBy } from '../grants/tasks.repository.ts';

/** What the dashboard shows of a task: all of it. */
const taskColumns = getTableColumns(grantTasks);

/** What the dashboard is asked for: the user's days, and whose tasks its lists show. */
interface DashboardView {
  /** The IANA time zone whose days count (the user's). */
  timeZone: string;
  /** Only the tasks assigned to this user; everyone's when left out. */
  assigneeId?: number | undefined;
}

/**
 * The first DASHBOARD_TASKS_SHOWN tasks of the company that meet `which`, by due date (undated
 * last), each with its grant's and its assignee's names; and how many there are in all (counted
 * in the same query, over the rows before the limit).
 */
async function taskList(
  tx: Transaction,
  companyId: number,
  which: SQL | undefined,
): Promise<DashboardTasks> {
  const rows = await tx
    .select({
      ...taskColumns,
      grantName: grants.name,
      assigneeName: users.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(grantTasks)
    .innerJoin(grants, grantOfTask)
    .leftJoin(users, assigneeOfTask)
    .where(and(eq(grantTasks.companyId, companyId), which))
    .orderBy(sql`${grantTasks.dueDate} ASC NULLS LAST`, asc(grantTasks.id))
    .limit(DASHBOARD_TASKS_SHOWN);
  return {
    items: rows.map(({ total: _total, ...task }) => ({
      ...withIsoStamps(task),
      dueDate: task.dueDate?.toISOString() ?? null,
    })),
    total: rows[0]?.total ?? 0,
  };
}

export function createDashboardRepository(db: Database) {
  const requirements = createRequirementsRepository(db);
  return {
    /**
     * The three counts and the short lists of the dashboard, in one transaction, one query after
     * the other (a transaction has one connection), all read from one snapshot: a grant saved
     * meanwhile is in the count and the deadlines, or in neither. The contacts and interactions totals are the
     * lists' kept counts, not a count of 100,000 rows. The tasks' days are those of `timeZone`
     * (the user's): a task due earlier today is due today, not yet overdue.
     */
    get(
      companyId: number,
      { timeZone, assigneeId }: DashboardView,
      within?: Transaction,
    ): Promise<Dashboard> {
      return inCompany(
        within ?? db,
        companyId,
        async (tx) => {
          const active = and(
            eq(grants.companyId, companyId),
            inArray(grants.status, [...activeGrantStatuses]),
          );
          const kept = await tx
            .select({ list: listCounts.list, total: listCounts.total })
            .from(listCounts)
            .where(
              and(
                eq(listCounts.companyId, companyId),
                inArray(listCounts.list, ['contacts', 'interactions']),
              ),
            );
          const totalOf = (list: string) => kept.find((row) => row.list === list)?.total ?? 0;
          const [grantCount] = await tx.select({ n: count() }).from(grants).where(active);
          const deadlines = await grantDeadlinesWhere(
            tx,
            and(active, gt(grants.dueDate, sql`now()`)),
            DASHBOARD_LIST_SIZE,
          );
          const recent = await tx
            .select({
              id: interactions.id,
              type: interactions.type,
              notes: interactions.notes,
              date: interactions.date,
              contactId: interactions.contactId,
              contactName: contacts.name,
            })
            .from(interactions)
            .innerJoin(contacts, contactOfInteraction)
            .where(eq(interactions.companyId, companyId))
            .orderBy(desc(interactions.date), desc(interactions.id))
            .limit(DASHBOARD_LIST_SIZE);
          const now = new Date();
          const today = startOfDay(now, timeZone);
          const whose = lists.equalsIfSet(grantTasks.assigneeId, assigneeId);
          const tasksDueSoon = await taskList(
            tx,
            companyId,
            and(
              whose,
              owedWork,
              inArray(grantTasks.status, [...openTaskStatuses]),
              gte(grantTasks.dueDate, today),
              lt(grantTasks.dueDate, startOfDay(now, timeZone, TASKS_DUE_WITHIN_DAYS)),
            ),
          );
          const overdueTasks = await taskList(tx, companyId, and(whose, overdueBy(today)));
          const requirementsDue = await requirements.firstDueWithGrant(
            companyId,
            {
              before: startOfDay(now, timeZone, REQUIREMENTS_DUE_WITHIN_DAYS),
              owedOnly: true,
              assigneeId,
            },
            DASHBOARD_REQUIREMENTS_SHOWN,
            tx,
          );
          return {
            totalContacts: totalOf('contacts'),
            totalInteractions: totalOf('interactions'),
            activeGrants: grantCount?.n ?? 0,
            upcomingDeadlines: deadlines.map((g) => ({ ...g, dueDate: g.dueDate.toISOString() })),
            recentInteractions: recent.map((i) => ({ ...i, date: i.date.toISOString() })),
            tasksDueSoon,
            overdueTasks,
            requirementsDue: requirementsDue.items,
            requirementsDueTotal: requirementsDue.total,
          };
        },
        { oneSnapshot: true },
      );
    },
  };
}
