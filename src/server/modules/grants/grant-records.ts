import { and, eq, ne } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.ts';
import { onCompanyClocks } from '../../db/company-time-zone.ts';
import {
  type Columns,
  companyRow,
  holdCompanyRow,
  insertRow,
  lockVersion,
  type Row,
  updateRow,
} from '../../db/rows.ts';
import { grants } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';

/** A table of a grant's records (its tasks, its requirements): keyed by company, grant and id. */
type GrantTable = PgTable & {
  companyId: PgColumn;
  grantId: PgColumn;
  id: PgColumn;
  updatedAt: PgColumn;
};

/**
 * Work owed to someone: a task's or requirement's whose grant was not rejected (its reminders,
 * the dashboard, a funder's page and the reports chase none of a rejected grant's). Its statement
 * joins the work's grant.
 */
export const owedWork = ne(grants.status, 'rejected');

/** Whether the grant is the company's, in the caller's transaction. */
export async function grantExists(tx: Transaction, companyId: number, grantId: number) {
  const [grant] = await tx
    .select({ id: grants.id })
    .from(grants)
    .where(companyRow(grants)(companyId, grantId));
  return grant !== undefined;
}

/** The condition naming a grant's rows in `table`. */
export const ofGrant = (table: GrantTable) => (companyId: number, grantId: number) =>
  and(eq(table.companyId, companyId), eq(table.grantId, grantId));

/**
 * A grant's records of one kind (its tasks, its requirements) by id, each in a transaction of
 * the company's own (or `within` one): added to a grant of the company's, changed and deleted
 * by the grant and their id, answered as `toRecord` makes them; written from the kind's domain
 * `Values` (`grantRecords<TaskValues>()(db, grantTasks, …)`).
 */
export const grantRecords =
  <Values extends object>() =>
  <Table extends GrantTable, Selected extends Columns, Answer>(
    db: Database,
    table: Table,
    columns: Selected,
    toRecord: (row: Row<Selected>) => Answer,
  ) => {
    const inGrant = ofGrant(table);
    const byId = (companyId: number, grantId: number, id: number) =>
      and(inGrant(companyId, grantId), eq(table.id, id));
    return {
      /**
       * A day sent alone is noon that day where the company is (onCompanyClocks). null when the
       * grant is not the company's (or is being deleted: see holdCompanyRow).
       */
      create(
        companyId: number,
        grantId: number,
        values: Values,
        within?: Transaction,
      ): Promise<Answer | null> {
        return inCompany(within ?? db, companyId, async (tx) => {
          if (!(await holdCompanyRow(tx, grants, companyId, grantId))) return null;
          // The domain's values are the table's columns (less the company and grant, given here).
          const written = { ...(await onCompanyClocks(tx, companyId, values)), companyId, grantId };
          return toRecord(await insertRow(tx, table, columns, written as PgInsertValue<Table>));
        });
      },

      /** When the record last changed, locked until `within` ends (lockVersion); null: none. */
      lockVersion(
        companyId: number,
        grantId: number,
        id: number,
        within: Transaction,
      ): Promise<Date | null> {
        return inCompany(within, companyId, (tx) =>
          lockVersion(tx, table, byId(companyId, grantId, id)),
        );
      },

      /**
       * Writes the fields given (a field left out keeps its value), a day sent alone as create
       * writes it; null: no such record.
       */
      async update(
        companyId: number,
        grantId: number,
        id: number,
        values: Partial<Values>,
        within?: Transaction,
      ): Promise<Answer | null> {
        const row = await inCompany(within ?? db, companyId, async (tx) => {
          const written = await onCompanyClocks(tx, companyId, values);
          const where = byId(companyId, grantId, id);
          return updateRow(tx, table, columns, where, written as PgUpdateSetSource<Table>);
        });
        return row ? toRecord(row) : null;
      },

      /** false when the grant has no such record. */
      async remove(
        companyId: number,
        grantId: number,
        id: number,
        within?: Transaction,
      ): Promise<boolean> {
        const deleted = await inCompany(within ?? db, companyId, (tx) =>
          tx
            .delete(table)
            .where(byId(companyId, grantId, id))
            .returning({ id: table.id }),
        );
        return deleted.length > 0;
      },
    };
  };
