import type { Readable } from 'node:stream';
import { eq, type SQL } from 'drizzle-orm';
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import { CSV_BOM, type CsvValue, csvLine } from '../../domain/csv.ts';
import { localDate, localIsoTime } from '../../domain/due-dates.ts';
import { spooled } from '../lib/spool.ts';
import type { Database } from './client.ts';
import { companies } from './schema.ts';
import { inCompany } from './scope.ts';

/** Rows read from the cursor at a time: a few hundred kilobytes of CSV at most. */
const BATCH = 1_000;

const dialect = new PgDialect();

/** A column of an export: its heading, the column read, and its cell from the value read. */
export interface ExportColumn {
  label: string;
  column: PgColumn;
  cell?: (value: unknown) => CsvValue;
}

/** The columns of an export as a selection, in their order (named by their place). */
export const exportSelection = (columns: ExportColumn[]) =>
  Object.fromEntries(columns.map(({ column }, at) => [`c${at}`, column]));

/** A column whose values are a list of choices, exported as the words the app shows. */
export const choiceCell =
  <Choice extends string>(labels: Record<Choice, string>) =>
  (value: unknown): CsvValue =>
    typeof value === 'string' && value in labels ? labels[value as Choice] : plainCell(value);

/** An amount of whole dollars (PostgreSQL answers a bigint as text). */
export const amountCell = (value: unknown): CsvValue =>
  value === null || value === undefined ? null : Number(value);

/** A day kept as noon UTC (an award's days), as the day alone: 2027-01-15. */
export const dayCell = (value: unknown): CsvValue =>
  value instanceof Date ? value.toISOString().slice(0, 10) : plainCell(value);

/** A value as a CSV cell: a time as ISO 8601, a number as itself, anything else as text. */
function plainCell(value: unknown): CsvValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return value;
  return String(value);
}

/**
 * A file being made that may stop being wanted: once `signal` aborts (its client has gone), the
 * next batch of rows is not written, and its transaction is rolled back.
 */
export interface Unwanted {
  signal?: AbortSignal | undefined;
}

/** An export's file, written whole, and the day it was written on the organization's clocks. */
export interface CompanyCsvFile {
  file: Readable;
  day: string;
}

/**
 * A CSV file of what `statement` selects for the company, written whole before it is sent
 * (spooled): its rows are read through a cursor in one transaction bound to the company, a batch
 * at a time. The transaction, and its connection, last as long as the database takes to read
 * the rows: a client that reads slowly or not at all holds a file, never a connection (two
 * companies holding their five each, through ten downloads nobody read, left every other company
 * without one). Memory stays flat however long the list. Answered once the file is written, so
 * that an error (the company's connections in use, say) is the request's answer, not a broken
 * download.
 */
export async function companyCsvFile(
  db: Database,
  companyId: number,
  statement: SQL,
  columns: ExportColumn[],
  signal?: AbortSignal,
): Promise<CompanyCsvFile> {
  let day = '';
  const file = await spooled(
    (append) =>
      inCompany(db, companyId, async (tx) => {
        // A time as the organization's clocks show it, with their offset: a deadline at 23:59 in
        // New York is on the day it is there, not the next day's UTC. The file is named by the
        // day there too.
        const [{ timeZone } = { timeZone: 'UTC' }] = await tx
          .select({ timeZone: companies.timeZone })
          .from(companies)
          .where(eq(companies.id, companyId));
        day = localDate(new Date(), timeZone);
        const timeCell = (value: unknown) =>
          value instanceof Date ? localIsoTime(value, timeZone) : plainCell(value);
        const cells = columns.map((column) => column.cell ?? timeCell);
        await append(CSV_BOM + csvLine(columns.map((column) => column.label)));
        const query = dialect.sqlToQuery(statement);
        await tx.$client.query(
          `DECLARE export_rows NO SCROLL CURSOR FOR ${query.sql}`,
          query.params,
        );
        for (;;) {
          const batch = await tx.$client.query<unknown[]>({
            text: `FETCH FORWARD ${BATCH} FROM export_rows`,
            rowMode: 'array',
          });
          if (batch.rows.length === 0) break;
          await append(
            batch.rows
              .map((row) => csvLine(row.map((value, at) => cells[at]?.(value) ?? null)))
              .join(''),
          );
        }
      }),
    signal,
  );
  return { file, day };
}
