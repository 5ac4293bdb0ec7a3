import { type AnyColumn, and, eq, getTableName, inArray, type SQL } from 'drizzle-orm';
import {
  type PgColumn,
  PgDialect,
  type PgInsertValue,
  type PgTable,
  type PgUpdateSetSource,
} from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database, Transaction } from './client.ts';
import { onCompanyClocks } from './company-time-zone.ts';
import { inCompany } from './scope.ts';

/** The columns a repository reads a record with, and the row they make. */
export type Columns = Record<string, PgColumn>;
export type Row<Selected extends Columns> = SelectResultFields<Selected>;
/** A table of a company's records: rows keyed by the company and an id of their own. */
type CompanyTable = PgTable & { companyId: AnyColumn; id: PgColumn };
/** A table of records that keep when they last changed (`updated_at`). */
type VersionedCompanyTable = CompanyTable & { updatedAt: PgColumn };

const dialect = new PgDialect();

/** The rows a statement written in SQL answers, sent on the transaction's own connection. */
export async function rowsOf<Row extends Record<string, unknown>>(
  tx: Transaction,
  query: SQL,
): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await tx.$client.query<Row>(text, params)).rows;
}

/** A company's row by its id: the condition every get, update and delete of a record uses. */
export const companyRow =
  (table: { companyId: AnyColumn; id: AnyColumn }) => (companyId: number, id: number) =>
    and(eq(table.companyId, companyId), eq(table.id, id));

/**
 * Whether the company has the row `id` in `table`, holding it against deletion (FOR KEY SHARE)
 * until the caller's transaction ends: what is written under it meanwhile (an interaction under
 * its contact, a task under its grant, a session of its user) is there when the deletion comes,
 * and goes with it, rather than pointing at nothing. A deletion under way is waited for, and
 * then there is no row. `share` holds it against changes too, for a write whose triggers read
 * the row FOR SHARE (an interaction's contact name): taken first, that lock is not asked for
 * later, while the writer already holds rows the row's deletion or change will want.
 */
export async function holdCompanyRow(
  tx: Transaction,
  table: CompanyTable,
  companyId: number,
  id: number,
  lock: 'key share' | 'share' = 'key share',
): Promise<boolean> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(companyRow(table)(companyId, id))
    .for(lock);
  return row !== undefined;
}

/** Inserts one row and returns it as `columns` select it. */
export async function insertRow<Table extends PgTable, Selected extends Columns>(
  tx: Transaction,
  table: Table,
  columns: Selected,
  values: PgInsertValue<Table>,
): Promise<Row<Selected>> {
  const [row] = (await tx.insert(table).values(values).returning(columns)) as Row<Selected>[];
  if (!row) throw new Error(`${getTableName(table)} insert returned no row`);
  return row;
}

/**
 * Writes the fields given to the row `where` names and returns it as `columns` select it; null
 * when there is none. A patch that leaves every field out only reads the row: an UPDATE must set
 * a column.
 */
export async function updateRow<Table extends PgTable, Selected extends Columns>(
  tx: Transaction,
  table: Table,
  columns: Selected,
  where: SQL | undefined,
  values: PgUpdateSetSource<Table>,
): Promise<Row<Selected> | null> {
  const [row] = (
    Object.keys(values).length === 0
      ? await tx
          .select(columns)
          .from(table as PgTable)
          .where(where)
      : await tx.update(table).set(values).where(where).returning(columns)
  ) as Row<Selected>[];
  return row ?? null;
}

/**
 * When the row `where` names last changed, as the API answers it (to the millisecond; each
 * change moves it on by one at least: migration 0027), locking the row against other changes
 * until the caller's transaction ends; null when there is no such row. A change made only if
 * the row is as a client last read it checks this first, in the transaction that writes.
 */
export async function lockVersion(
  tx: Transaction,
  table: PgTable & { updatedAt: PgColumn },
  where: SQL | undefined,
): Promise<Date | null> {
  const [row] = await tx
    .select({ updatedAt: table.updatedAt })
    .from(table as PgTable)
    .where(where)
    .for('no key update');
  return row ? (row.updatedAt as Date) : null;
}

/** Deletes a company's row by its id; false when there was none. */
async function deleteCompanyRow(
  tx: Transaction,
  table: CompanyTable,
  companyId: number,
  id: number,
): Promise<boolean> {
  const deleted = await tx
    .delete(table)
    .where(companyRow(table)(companyId, id))
    .returning({ id: table.id });
  return deleted.length > 0;
}

/**
 * Locks the rows `chosen` selects in id order, as everything that holds several of them takes
 * them (a reminder scan, a bulk change or deletion of some of them): two such changes of the
 * same rows wait for each other rather than deadlock, as one statement taking them in the order
 * it finds them can.
 */
async function lockInIdOrder(
  tx: Transaction,
  table: CompanyTable,
  chosen: SQL | undefined,
  strength: 'update' | 'no key update',
) {
  await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(chosen)
    .orderBy(table.id)
    .for(strength);
}

/**
 * Deletes the company's rows among `ids` in one statement (ids of other companies, or of rows
 * already gone, are left out) and answers how many went.
 */
export async function deleteCompanyRows(
  tx: Transaction,
  table: CompanyTable,
  companyId: number,
  ids: number[],
): Promise<number> {
  const chosen = and(eq(table.companyId, companyId), inArray(table.id, ids));
  await lockInIdOrder(tx, table, chosen, 'update');
  const deleted = await tx.delete(table).where(chosen).returning({ id: table.id });
  return deleted.length;
}

/** Sets `values` on the company's rows among `ids` in one statement; answers how many. */
export async function updateCompanyRows<Table extends CompanyTable>(
  tx: Transaction,
  table: Table,
  companyId: number,
  ids: number[],
  values: PgUpdateSetSource<Table>,
): Promise<number> {
  const chosen = and(eq(table.companyId, companyId), inArray(table.id, ids));
  await lockInIdOrder(tx, table, chosen, 'no key update');
  const updated = await tx.update(table).set(values).where(chosen).returning({ id: table.id });
  return updated.length;
}

/**
 * A kind of record's reads and writes by id, each in a transaction of the company's own (or
 * `within` one): the record as `columns` select it and `toRecord` answers it, written from its
 * domain `Values` (`companyRecords<ContactValues>()(db, contacts, …)`). A repository spreads
 * these and replaces or adds what its kind needs.
 */
export const companyRecords =
  <Values extends object>() =>
  <Table extends VersionedCompanyTable, Selected extends Columns, Record>(
    db: Database,
    table: Table,
    columns: Selected,
    toRecord: (row: Row<Selected>) => Record,
  ) => {
    const byId = companyRow(table);
    return {
      async get(companyId: number, id: number, within?: Transaction): Promise<Record | null> {
        const [row] = (await inCompany(within ?? db, companyId, (tx) =>
          tx
            .select(columns)
            .from(table as PgTable)
            .where(byId(companyId, id)),
        )) as Row<Selected>[];
        return row ? toRecord(row) : null;
      },

      /**
       * Whether the record is there, held against deletion (and with `share`, against change)
       * until `within` ends (holdCompanyRow).
       */
      hold(
        companyId: number,
        id: number,
        within: Transaction,
        lock?: 'key share' | 'share',
      ): Promise<boolean> {
        return inCompany(within, companyId, (tx) => holdCompanyRow(tx, table, companyId, id, lock));
      },

      /**
       * Inserts the record: each field a value, or SQL that works it out in the insert; a day
       * sent alone is noon that day where the company is (onCompanyClocks).
       */
      async create(
        companyId: number,
        values: { [Field in keyof Values]: Values[Field] | SQL },
        within?: Transaction,
      ): Promise<Record> {
        const row = await inCompany(within ?? db, companyId, async (tx) => {
          // The domain's values are the table's columns (less the company, given here).
          const written = { ...(await onCompanyClocks(tx, companyId, values)), companyId };
          return insertRow(tx, table, columns, written as PgInsertValue<Table>);
        });
        return toRecord(row);
      },

      /** When the record last changed, locked until `within` ends (lockVersion); null: none. */
      lockVersion(companyId: number, id: number, within: Transaction): Promise<Date | null> {
        return inCompany(within, companyId, (tx) => lockVersion(tx, table, byId(companyId, id)));
      },

      /**
       * Writes the fields given (a field left out keeps its value), each a value or SQL reading
       * the row as it was, a day sent alone as create writes it; null: no such record.
       */
      async update(
        companyId: number,
        id: number,
        values: { [Field in keyof Values]?: Values[Field] | SQL },
        within?: Transaction,
      ): Promise<Record | null> {
        const row = await inCompany(within ?? db, companyId, async (tx) => {
          const written = await onCompanyClocks(tx, companyId, values);
          return updateRow(
            tx,
            table,
            columns,
            byId(companyId, id),
            written as PgUpdateSetSource<Table>,
          );
        });
        return row ? toRecord(row) : null;
      },

      /** Deletes the record (and what the foreign keys delete with it); false: there was none. */
      remove(companyId: number, id: number, within?: Transaction): Promise<boolean> {
        return inCompany(within ?? db, companyId, (tx) =>
          deleteCompanyRow(tx, table, companyId, id),
        );
      },

      /** Deletes the company's records among `ids` in one statement; answers how many went. */
      removeMany(companyId: number, ids: number[], within?: Transaction): Promise<number> {
        return inCompany(within ?? db, companyId, (tx) =>
          deleteCompanyRows(tx, table, companyId, ids),
        );
      },
    };
  };

/** An optional timestamp as the API answers it: ISO 8601, or null. */
export const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/**
 * When a record was created and last changed, and who created it: the columns every record's
 * answer ends with (companyRecordSchema).
 */
export const stampColumns = <
  Table extends { createdAt: PgColumn; updatedAt: PgColumn; createdBy: PgColumn },
>(
  table: Table,
): Pick<Table, 'createdAt' | 'updatedAt' | 'createdBy'> => ({
  createdAt: table.createdAt,
  updatedAt: table.updatedAt,
  createdBy: table.createdBy,
});

/** A record's times as a row holds them (the API answers them as ISO 8601). */
export interface RowStamps {
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A record as its row holds it: the API's `ApiRecord` with its creation and change times as
 * `Date`s, and the fields of `Fields` as it gives them (other times, columns the API leaves out).
 */
export type RowOf<ApiRecord, Fields = unknown> = Omit<ApiRecord, keyof RowStamps | keyof Fields> &
  Fields &
  RowStamps;

/** A row's creation and change times as the API answers them. */
export const withIsoStamps = <Row extends RowStamps>(row: Row) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
