import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  CONTACT_CSV_COLUMNS,
  CONTACT_CSV_REQUIRED,
  type ContactValues,
  contactInputSchema,
  IMPORT_ERRORS_MAX,
  IMPORT_SKIPPED_MAX,
  TOO_MANY_INVALID_ROWS,
} from '../../../domain/contacts.ts';
import { AppError } from '../../lib/errors.ts';

export const CONTACT_TEMPLATE_CSV =
  `${CONTACT_CSV_COLUMNS.join(',')}\r\n` +
  'Jane Doe,jane.doe@example.org,555-0100,Example Foundation,' +
  '"Met at the spring gala; interested in literacy, arts and youth programs"\r\n';

/** What a file held besides its valid rows: the rows skipped and why (the first 100). */
export interface ImportReport {
  skipped: number;
  errors: { row: number; message: string }[];
}

/** Valid rows are handed on in batches of this many, while the rest of the file is read. */
const IMPORT_BATCH_ROWS = 10_000;

/**
 * The file is already in memory, so nothing paces the parser: every this many rows it lets the
 * event loop run, so other requests (and a SIGTERM) are served while a large file is read.
 */
const ROWS_BETWEEN_TURNS = 1_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The parser reads each piece it is given whole, whatever is asked of it: pieces of this size
 * (views, not copies) keep it from reading far past a row that ends the import, such as the
 * one row too many that is not a contact.
 */
const PARSE_PIECE_BYTES = 16 * 1024;

function* pieces(chunks: Buffer[]): Generator<Buffer> {
  for (const chunk of chunks) {
    for (let at = 0; at < chunk.length; at += PARSE_PIECE_BYTES) {
      yield chunk.subarray(at, at + PARSE_PIECE_BYTES);
    }
  }
}

/**
 * Reads an RFC 4180 CSV (quoted commas and newlines, BOM, CRLF; header names in any case and
 * order; extra columns ignored) a chunk at a time and validates each row with the contact schema,
 * yielding the valid rows in batches and counting the others in `report`. Row numbers are those
 * a spreadsheet shows (the header is row 1) when the file has no blank lines. A file with more than
 * IMPORT_SKIPPED_MAX rows that are not contacts is refused: reading such a file costs far more
 * than a valid one, and it is no contacts file.
 */
export async function* contactBatches(
  chunks: Buffer[],
  report: ImportReport,
): AsyncGenerator<ContactValues[]> {
  // Fed the chunks the file arrived in (not one buffer), so parsing the next batch overlaps with
  // loading the last one instead of coming first.
  const parser = Readable.from(pieces(chunks)).pipe(
    parse({ bom: true, skip_empty_lines: true, relax_column_count: true }),
  );
  /** Where each import column is in the file's rows (-1: absent). */
  let positions: number[] | null = null;
  let row = 1;
  let read = 0;
  let notContacts = 0;
  let batch: ContactValues[] = [];
  try {
    for await (const chunk of readInChunks(parser)) {
      for (const record of chunk) {
        read += 1;
        if (read % ROWS_BETWEEN_TURNS === 0) await nextTurn();
        if (positions === null) {
          const header = record.map((name) => name.trim().toLowerCase());
          requireColumns(header);
          positions = CONTACT_CSV_COLUMNS.map((column) => header.indexOf(column));
          continue;
        }
        row += 1;
        const [name, email, phone, organization, notes] = positions.map((at) =>
          at < 0 ? undefined : record[at],
        );
        const parsed = contactInputSchema.safeParse({ name, email, phone, organization, notes });
        if (parsed.success) {
          batch.push(parsed.data);
          if (batch.length === IMPORT_BATCH_ROWS) {
            yield batch;
            batch = [];
          }
        } else {
          report.skipped += 1;
          notContacts += 1;
          if (notContacts > IMPORT_SKIPPED_MAX) {
            throw new AppError('INVALID_INPUT', TOO_MANY_INVALID_ROWS);
          }
          if (report.errors.length < IMPORT_ERRORS_MAX) {
            report.errors.push({ row, message: parsed.error.issues[0]?.message ?? 'Invalid row' });
          }
        }
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The parser's own messages name the line: "Invalid Closing Quote: ... at line 7".
    throw new AppError('INVALID_INPUT', `The file is not valid CSV: ${(error as Error).message}`);
  } finally {
    // An import that ended early (too many rows that are not contacts, a failed batch) reads
    // no further.
    parser.destroy();
  }
  if (positions === null) requireColumns([]);
  if (batch.length > 0) yield batch;
}

/** The parser's records, as many at a time as it has ready (cheaper than one await per row). */
async function* readInChunks(parser: Readable): AsyncGenerator<string[][]> {
  const ended = new Promise<void>((resolve, reject) => {
    parser.once('end', resolve);
    parser.once('error', reject);
  });
  ended.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
  while (!parser.readableEnded) {
    const chunk: string[][] = [];
    let record: string[] | null = parser.read();
    while (record !== null) {
      chunk.push(record);
      record = parser.read();
    }
    if (chunk.length > 0) yield chunk;
    else await Promise.race([ended, new Promise((resolve) => parser.once('readable', resolve))]);
    if (parser.errored) throw parser.errored;
  }
  await ended;
}

function requireColumns(header: string[]) {
  const missing = CONTACT_CSV_REQUIRED.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    const names = missing.map((column) => `'${column}'`).join(' and ');
    throw new AppError(
      'INVALID_INPUT',
      `The file has no ${names} column. Its first row must name the columns: ${CONTACT_CSV_COLUMNS.join(', ')}`,
    );
  }
}
