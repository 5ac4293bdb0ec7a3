import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import type { SQL } from 'drizzle-orm';
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import { CSV_BOM, type CsvValue, csvLine } from '../../domain/csv.ts';
import type { Database } from './client.ts';
import { allowIdle, inCompany } from './scope.ts';

/** Rows read from the cursor at a time: a few hundred kilobytes of CSV at most. */
const BATCH = 1_000;
/** A client that takes no batch for this long has its export ended (and its connection freed). */
const CLIENT_WAIT_MAX_MS = 60_000;

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

/** A value as a CSV cell: a time as ISO 8601, a number as itself, anything else as text. */
function plainCell(value: unknown): CsvValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return value;
  return String(value);
}

/**
 * A CSV file of what `statement` selects for the company, streamed: its rows are read through a
 * cursor in one transaction bound to the company, a batch at a time, and the next batch only
 * when the client has taken the last one, so memory stays flat however long the list. A client
 * that goes away ends the transaction; an error after the first line ends the response early,
 * which the client sees as a broken download rather than a short file.
 */
export function companyCsvStream(
  db: Database,
  companyId: number,
  statement: SQL,
  columns: ExportColumn[],
  clientWaitMs = CLIENT_WAIT_MAX_MS,
): Readable {
  const out = new PassThrough();
  const cells = columns.map((column) => column.cell ?? plainCell);
  const gone = () => out.destroyed || out.writableEnded;
  const send = async (text: string) => {
    if (gone()) throw new Error('the export was abandoned');
    if (out.write(text)) return;
    // Whichever comes first; the others' listeners go with it, so none pile up batch by batch. A
    // client that takes nothing for clientWaitMs has its download ended: it would otherwise hold
    // the connection (and one of its company's share of them) as long as it keeps the socket.
    const settled = new AbortController();
    const { signal } = settled;
    try {
      await Promise.race([
        once(out, 'drain', { signal }),
        once(out, 'close', { signal }),
        setTimeout(clientWaitMs, undefined, { signal }).then(() => {
          throw new Error('the client took nothing for too long');
        }),
      ]);
    } finally {
      settled.abort();
    }
  };
  void inCompany(db, companyId, async (tx) => {
    await allowIdle(tx, CLIENT_WAIT_MAX_MS);
    await send(CSV_BOM + csvLine(columns.map((column) => column.label)));
    const query = dialect.sqlToQuery(statement);
    await tx.$client.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${query.sql}`, query.params);
    for (;;) {
      const batch = await tx.$client.query<unknown[]>({
        text: `FETCH FORWARD ${BATCH} FROM export_rows`,
        rowMode: 'array',
      });
      if (batch.rows.length === 0) break;
      await send(
        batch.rows
          .map((row) => csvLine(row.map((value, at) => cells[at]?.(value) ?? null)))
          .join(''),
      );
    }
  }).then(
    () => out.end(),
    (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}
