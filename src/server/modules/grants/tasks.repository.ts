import { and, asc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { dueWindowRange } from '../../../domain/due-dates.ts';
import type {
  BoardTask,
  ListedTask,
  Task,
  TaskBoardParams,
  TaskStatus,
  TaskValues,
} from '../../../domain/grants.ts';
import type { ChosenIds } from '../../../domain/lists.ts';
import {
  BOARD_TASKS_MAX,
  openTaskStatuses,
  taskCategoryLabels,
  taskStatusLabels,
} from '../../../domain/task-constants.ts';
import type { Database, Transaction } from '../../db/client.ts';
import {
  choiceCell,
  companyCsvFile,
  type ExportColumn,
  exportSelection,
  type Unwanted,
} from '../../db/export-stream.ts';
import { assigneeOfTask, grantOfTask } from '../../db/joins.ts';
import * as lists from '../../db/list-helpers.ts';
import {
  deleteCompanyRows,
  type RowOf,
  stampColumns,
  updateCompanyRows,
  withIsoStamps,
} from '../../db/rows.ts';
import { grants, grantTasks, users } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';
import { grantExists, grantRecords, ofGrant, owedWork } from './grant-records.ts';

const columns = {
  id: grantTasks.id,
  grantId: grantTasks.grantId,
  name: grantTasks.name,
  description: grantTasks.description,
  category: grantTasks.category,
  dueDate: grantTasks.dueDate,
  status: grantTasks.status,
  assigneeId: grantTasks.assigneeId,
  companyId: grantTasks.companyId,
  ...stampColumns(grantTasks),
};

/** A task as lists show it: with its assignee's name, read through `assigneeOfTask`. */
const listedColumns = { ...columns, assigneeName: users.name };

/** The board's filters as the repository reads them: whose tasks is a user's id. */
type BoardFilters = Omit<TaskBoardParams, 'assignee'> & {
  assigneeId?: number | undefined;
};

type Row = RowOf<Task, { dueDate: Date | null }>;
const toTask = <T extends Row>(row: T) => ({
  ...withIsoStamps(row),
  dueDate: row.dueDate?.toISOString() ?? null,
});

/**
 * An overdue task: open work due before `today` (midnight where the user is), or one marked so;
 * not a rejected grant's, whose work is owed to nobody (as its reminders and the reports say).
 * Its statement joins the task's grant.
 */
export const overdueBy = (today: Date): SQL | undefined =>
  and(
    owedWork,
    or(
      eq(grantTasks.status, 'overdue'),
      and(inArray(grantTasks.status, openTaskStatuses), lt(grantTasks.dueDate, today)),
    ),
  );

/**
 * The board's due window as a condition: overdue is open work due before today, or a task marked
 * overdue; the other windows take every task due within them, whatever its status.
 */
function dueWithin(...[window, now, timeZone]: Parameters<typeof dueWindowRange>): SQL | undefined {
  const range = dueWindowRange(window, now, timeZone);
  if (!range) return undefined;
  if (!range.from) return overdueBy(range.before);
  return and(gte(grantTasks.dueDate, range.from), lt(grantTasks.dueDate, range.before));
}

/** The tasks of one grant; a grant of another company has none to show or touch. */
/** The board's tasks for `params`: by grant, assignee, name and due window. */
function boardWhere(companyId: number, params: BoardFilters, now: Date) {
  const { q, grantId, assigneeId, due = 'all', tz = 'UTC' } = params;
  return lists.listWhere(
    eq(grantTasks.companyId, companyId),
    lists.equalsIfSet(grantTasks.grantId, grantId),
    lists.equalsIfSet(grantTasks.assigneeId, assigneeId),
    lists.containsAny(q, grantTasks.name),
    dueWithin(due, now, tz),
  ).where;
}

/** The board's order: soonest due first, tasks without a date last. */
const boardOrder = [sql`${grantTasks.dueDate} ASC NULLS LAST`, asc(grantTasks.id)];

/** A task in an export, as the board shows it, with its grant and its assignee by name. */
const taskExport: ExportColumn[] = [
  { label: 'Task', column: grantTasks.name },
  { label: 'Grant', column: grants.name },
  { label: 'Category', column: grantTasks.category, cell: choiceCell(taskCategoryLabels) },
  { label: 'Status', column: grantTasks.status, cell: choiceCell(taskStatusLabels) },
  { label: 'Due date', column: grantTasks.dueDate },
  { label: 'Assignee', column: users.name },
  { label: 'Description', column: grantTasks.description },
];

export function createTasksRepository(db: Database) {
  const inGrant = ofGrant(grantTasks);

  return {
    ...grantRecords<TaskValues>()(db, grantTasks, columns, toTask),

    /** null when the grant is not the company's. */
    listForGrant(
      companyId: number,
      grantId: number,
      within?: Transaction,
    ): Promise<ListedTask[] | null> {
      return inCompany(within ?? db, companyId, async (tx) => {
        if (!(await grantExists(tx, companyId, grantId))) return null;
        const rows = await tx
          .select(listedColumns)
          .from(grantTasks)
          .leftJoin(users, assigneeOfTask)
          .where(inGrant(companyId, grantId))
          .orderBy(
            asc(grantTasks.category),
            sql`${grantTasks.dueDate} ASC NULLS LAST`,
            asc(grantTasks.id),
          );
        return rows.map(toTask);
      });
    },

    /**
     * The tasks of the company with their grant's and their assignee's names, for the board:
     * all of them, or those matching the filters, with due windows counted from `now` in the
     * params' time zone.
     */
    async listBoard(
      companyId: number,
      params: BoardFilters,
      now: Date,
      within?: Transaction,
    ): Promise<BoardTask[]> {
      const rows = await inCompany(within ?? db, companyId, (tx) =>
        tx
          .select({ ...listedColumns, grantName: grants.name })
          .from(grantTasks)
          .innerJoin(grants, grantOfTask)
          .leftJoin(users, assigneeOfTask)
          .where(boardWhere(companyId, params, now))
          .orderBy(...boardOrder)
          .limit(BOARD_TASKS_MAX),
      );
      return rows.map(toTask);
    },

    /**
     * Every task the board shows for `params` (or its chosen `ids`), in order, as a CSV file
     * (see Unwanted).
     */
    exportCsv(
      companyId: number,
      params: BoardFilters & ChosenIds,
      now: Date,
      { signal }: Unwanted = {},
    ) {
      const chosen = params.ids ? inArray(grantTasks.id, [...params.ids]) : undefined;
      const statement = new QueryBuilder()
        .select(exportSelection(taskExport))
        .from(grantTasks)
        .innerJoin(grants, grantOfTask)
        .leftJoin(users, assigneeOfTask)
        .where(and(boardWhere(companyId, params, now), chosen))
        .orderBy(...boardOrder)
        .getSQL();
      return companyCsvFile(db, companyId, statement, taskExport, signal);
    },

    /** Deletes the company's tasks among `ids` in one statement; answers how many went. */
    removeMany(companyId: number, ids: number[], within?: Transaction): Promise<number> {
      return inCompany(within ?? db, companyId, (tx) =>
        deleteCompanyRows(tx, grantTasks, companyId, ids),
      );
    },

    /** Sets the status or the assignee of the company's tasks among `ids`; answers how many. */
    updateMany(
      companyId: number,
      ids: number[],
      values: { status: TaskStatus } | { assigneeId: number | null },
      within?: Transaction,
    ): Promise<number> {
      return inCompany(within ?? db, companyId, (tx) =>
        updateCompanyRows(tx, grantTasks, companyId, ids, values),
      );
    },
  };
}
