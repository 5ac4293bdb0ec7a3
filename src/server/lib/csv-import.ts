// Reading an uploaded CSV file for an import: its preview (the columns with their first values
// and the field each header suggests), and its rows as records of one kind, validated, in
// batches, with a report of the rows left out. Contacts and grants import through it.
import { Readable } from 'node:stream';
import { type Parser, parse } from 'csv-parse';
import { parse as parseAtOnce } from 'csv-parse/sync';
import type { z } from 'zod';
import { cellText } from '../../domain/csv.ts';
import {
  IMPORT_COLUMNS_MAX,
  IMPORT_ERRORS_MAX,
  IMPORT_SKIPPED_MAX,
  PREVIEW_ROWS,
  suggestMapping,
  unmappedFields,
} from '../../domain/csv-import.ts';
import { AppError } from './errors.ts';
import { nextTurn } from './turns.ts';

/** What a kind of record needs of an import: its fields, their names, and its rules. */
export interface CsvRecordKind<Field extends string, Values> {
  /** The fields, in the template's order. */
  fields: readonly Field[];
  /** The template's header: each field's column name, in the order of `fields`. */
  header: readonly string[];
  /** The fields a file must have a column for. */
  required: readonly Field[];
  /** Each field's name as the preview shows it. */
  labels: Readonly<Record<Field, string>>;
  /** The header names, besides a field's own, that suggest it (any case, spacing). */
  synonyms: Readonly<Record<Field, readonly string[]>>;
  /** A row's values (a cell per field, in `fields` order; undefined: no column) as input. */
  toInput(cells: (string | undefined)[]): unknown;
  /** What is wrong with a row's cells as text, before the schema reads them; null: nothing. */
  cellProblem?(cells: (string | undefined)[]): string | null;
  schema: z.ZodType<Values>;
  /** The refusal of a file with more than IMPORT_SKIPPED_MAX rows that are not records. */
  tooManyInvalid: string;
}

/** What a file held besides its valid rows: the rows skipped and why (the first 100). */
export interface ImportReport {
  skipped: number;
  errors: { row: number; message: string }[];
}

/**
 * A row left out of the import, counted and, if among the first IMPORT_ERRORS_MAX rows left out,
 * listed with why, in the order of the rows: a row found a duplicate once the file was read
 * (grants) is listed before the rows after it refused while reading.
 */
export function skipRow(report: ImportReport, row: number, message: string) {
  report.skipped += 1;
  const { errors } = report;
  const last = errors.at(-1);
  if (errors.length >= IMPORT_ERRORS_MAX && last !== undefined && last.row < row) return;
  let at = errors.length;
  while (at > 0 && (errors[at - 1]?.row ?? 0) > row) at -= 1;
  errors.splice(at, 0, { row, message });
  if (errors.length > IMPORT_ERRORS_MAX) errors.pop();
}

/** Valid rows of a file with their row numbers, as the import hands them on. */
export interface ImportBatch<Values> {
  rows: number[];
  values: Values[];
}

/**
 * Valid rows are handed on in batches of at most this many, while the rest of the file is read.
 * The first batch is of FIRST_BATCH_ROWS and each next one twice as large, so the database
 * starts on a file at once and has the next batch ready by the time it is done with one.
 */
const IMPORT_BATCH_ROWS = 10_000;
const FIRST_BATCH_ROWS = 1_000;

/**
 * The file is already in memory, so nothing paces the parser: every this many rows it lets the
 * event loop run, so other requests (and a SIGTERM) are served while a large file is read.
 */
const ROWS_BETWEEN_TURNS = 1_000;

/**
 * The parser reads each piece it is given whole, whatever is asked of it: pieces of this size
 * (views, not copies) keep it from reading far past a row that ends the import, such as the
 * one row too many that is not a record.
 */
const PARSE_PIECE_BYTES = 16 * 1024;

function* pieces(chunks: Buffer[]): Generator<Buffer> {
  for (const chunk of chunks) {
    for (let at = 0; at < chunk.length; at += PARSE_PIECE_BYTES) {
      yield chunk.subarray(at, at + PARSE_PIECE_BYTES);
    }
  }
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The byte order of a file in UTF-16, or null for one in a code of single bytes: by its byte
 * order mark, or, without one (some programs write none), by its first character, a letter or
 * a quote of a header and so a zero byte beside it, which no UTF-8 or Windows-1252 file starts
 * with. Excel's "Unicode Text" is UTF-16 too, with tabs between the values.
 */
function utf16Order(head: Buffer): 'utf-16le' | 'utf-16be' | null {
  if (head.length < 2) return null;
  const [first, second] = [head[0], head[1]];
  if ((first === 0xff && second === 0xfe) || (first !== 0 && second === 0)) return 'utf-16le';
  if ((first === 0xfe && second === 0xff) || (first === 0 && second !== 0)) return 'utf-16be';
  return null;
}

/**
 * A file's bytes as UTF-8 text. Excel on Windows saves "CSV (Comma delimited)" in the Windows
 * code page, Windows-1252 in the Americas and Western Europe: a file that is not UTF-8 and has no
 * byte order mark is read as that, so José Müller is not stored as "Jos� M�ller" (the
 * preview shows the names as read, before anything is imported). Windows-1252 has one byte a
 * character, so each chunk is converted on its own. A file in UTF-16 (utf16Order) is decoded
 * whole (a character it cannot hold, half of a surrogate pair, refuses it), and a UTF-8 byte
 * order mark is left to the parser, the file after it refused unless it is all UTF-8 (one that
 * is not would be garbled). `whole`: false for the beginning of a file, which may end inside a
 * character.
 */
export function asUtf8(chunks: Buffer[], whole: boolean): Buffer[] {
  // Its first bytes (concat pads a shorter file with zeros: the length says how many are its).
  const size = chunks.reduce((total, chunk) => total + chunk.length, 0);
  const head = Buffer.concat(chunks, Math.min(size, 3));
  const utf16 = utf16Order(head);
  if (utf16 !== null) {
    // Its whole text, the mark dropped: the beginning of a file may end inside a character.
    const bytes = Buffer.concat(chunks);
    const end = whole ? bytes.length : bytes.length - (bytes.length % 2);
    try {
      const text = new TextDecoder(utf16, { fatal: true }).decode(bytes.subarray(0, end));
      return [Buffer.from(text, 'utf8')];
    } catch {
      // The beginning of a file may end inside a surrogate pair: what comes before is read.
      if (!whole) {
        const read = new TextDecoder(utf16).decode(bytes.subarray(0, end)).replace(/\uFFFD$/, '');
        if (!read.includes('\uFFFD')) return [Buffer.from(read, 'utf8')];
      }
      throw new AppError('INVALID_INPUT', NOT_UTF16);
    }
  }
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  try {
    for (const chunk of chunks) utf8.decode(chunk, { stream: true });
    if (whole) utf8.decode();
    return chunks;
  } catch {
    // Not all UTF-8, yet some of it is (José written by one program, Renée added by another, or
    // a file that says it is UTF-8): read either way, part of it would be garbled, so the file
    // is refused.
    if (
      head.equals(UTF8_BOM) ||
      SOME_UTF8.test(new TextDecoder('utf-8').decode(Buffer.concat(chunks)))
    ) {
      throw new AppError('INVALID_INPUT', MIXED_ENCODINGS);
    }
    return chunks.map((chunk) => Buffer.from(windows1252(chunk), 'utf8'));
  }
}

/**
 * What shows that a file's valid multi-byte sequences are text written as UTF-8, read where the
 * bytes are UTF-8: an accented Latin letter or the no-break space; a curly quote, a dash or the
 * euro sign; two letters in a row of Greek, Cyrillic, Armenian, Hebrew, Arabic or the other
 * two-byte scripts (Иван, שלום) or of three bytes (日本語); or an emoji. Not any one character
 * beside those: in a Windows-1252 file, a capital accented letter before a curly quote («ÉTÉ»,
 * „GRUß“) also reads as a valid two-byte character, and a small one before a no-break space and
 * a guillemet («\u00a0Santé\u00a0») as a valid three-byte one, letters no such file means.
 */
const SOME_UTF8 =
  /[\u00a0-\u017f\u2010-\u20ac]|[\u0370-\u07ff]{2}|[\u0800-\ufffc]{2}|[\u{10000}-\u{10ffff}]/u;

/** The answer to a file in UTF-16 with what no UTF-16 text holds (half of a surrogate pair). */
export const NOT_UTF16 =
  'This file is not valid UTF-16 text: open it in your spreadsheet and save it again as "CSV UTF-8"';

/** The answer to a file partly in UTF-8 and partly in another encoding. */
export const MIXED_ENCODINGS =
  'Part of this file is in UTF-8 and part is not: open it in your spreadsheet and save it again as "CSV UTF-8"';

/**
 * Windows-1252's characters at 0x80 to 0x9f, where ISO-8859-1 has control codes (the five bytes
 * it leaves unused read as those). The rest of its bytes are ISO-8859-1's. Node 20's
 * TextDecoder reads 'windows-1252' as ISO-8859-1, so the euro sign would be lost.
 */
const WINDOWS_1252_0X80 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

const windows1252 = (bytes: Buffer) =>
  bytes
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_0X80.charAt(c.charCodeAt(0) - 0x80));

/**
 * The longest first row read: 200 columns of long names fit many times over. The parser looks
 * for the end of the first row anew in all it has read each time it is given more, so a file
 * whose first row runs for megabytes held the server for seconds.
 */
const HEADER_MAX_BYTES = 64 * 1024;

/** Refuses a file whose first row (its column names) does not end within HEADER_MAX_BYTES. */
function requireShortHeader(chunks: Buffer[]) {
  let seen = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, HEADER_MAX_BYTES - seen);
    if (part.includes(0x0a) || part.includes(0x0d)) return;
    seen += part.length;
    if (seen >= HEADER_MAX_BYTES) {
      throw new AppError(
        'INVALID_INPUT',
        'The first row of the file is too long: it must name the columns, in at most 64 KB',
      );
    }
  }
}

const DELIMITERS = [',', ';', '\t'] as const;
type Delimiter = (typeof DELIMITERS)[number];
const DELIMITER_NAMES: Record<Delimiter, string> = {
  ',': 'a comma',
  ';': 'a semicolon',
  '\t': 'a tab',
};

/**
 * What separates the values of the file: a comma, or the semicolon Excel writes where a comma is
 * the decimal mark (most of Europe), or a tab (Excel's "Unicode Text"): whichever its first row,
 * the column names, has most of outside double quotes; a comma when it has none.
 */
export function delimiterOf(text: Buffer[]): Delimiter {
  const start = Buffer.concat(text, HEADER_MAX_BYTES).toString('utf8');
  const counts = new Map<string, number>();
  let quoted = false;
  for (const character of start) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted) counts.set(character, (counts.get(character) ?? 0) + 1);
  }
  const most = (a: Delimiter, b: Delimiter) =>
    (counts.get(b) ?? 0) > (counts.get(a) ?? 0) ? b : a;
  return DELIMITERS.reduce(most);
}

const LINE_BREAKS: string[] = ['\r\n', '\n', '\r'];

/**
 * How every import reads CSV: a BOM is dropped, blank lines skipped, rows may be short, and a row
 * ends at any line break, CRLF, LF or CR alike. The parser otherwise takes the first row's as the
 * file's, and a file of two (an export's CRLF rows, then rows an editor added with LF) read each
 * later row as part of the one before: its values in the wrong fields, the next contact lost.
 */
const csvOptions = (delimiter: Delimiter) =>
  ({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    delimiter,
    record_delimiter: LINE_BREAKS,
  }) as const;

/**
 * The parser of an import: each row with what the parser counted up to it (`info`), so that it
 * is numbered as a spreadsheet numbers it, the blank lines skipped counted (spreadsheetRow).
 */
const csvParser = (chunks: Buffer[], delimiter: Delimiter) =>
  Readable.from(pieces(chunks)).pipe(
    withoutErrorStacks(parse({ ...csvOptions(delimiter), info: true })),
  );

/** What the parser counted up to a row (or to where it failed): rows, and blank lines skipped. */
interface Counted {
  records?: number | undefined;
  empty_lines?: number | undefined;
}

/** The row a spreadsheet shows the parser's last row on: a multi-line value is one row. */
const spreadsheetRow = ({ records = 0, empty_lines = 0 }: Counted) => records + empty_lines;

/** A row of separators only (`,,,`), which spreadsheets write for an empty row. */
const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '');

/**
 * The parser, reading without error stacks. For every row whose field count differs from the
 * header's it builds an error, stack and all, even when short rows are allowed and the error is
 * then dropped: that stack was over half the cost of reading such a row (a file of 10,000
 * one-column rows took a second of CPU). Its errors are told by their message alone (notCsv),
 * and the limit is back before anything else runs: a piece is parsed in one synchronous call,
 * and what it parsed is taken with read() (readInChunks). Do not pipe the parser on or listen
 * for its 'data': that code would run inside the call, without stacks.
 */
function withoutErrorStacks(parser: Parser): Parser {
  const transform = parser._transform.bind(parser);
  const flush = parser._flush.bind(parser);
  const stackless =
    <Args extends unknown[]>(step: (...args: Args) => void) =>
    (...args: Args) => {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      try {
        step(...args);
      } finally {
        Error.stackTraceLimit = limit;
      }
    };
  parser._transform = stackless(transform);
  parser._flush = stackless(flush);
  return parser;
}

/** What the preview and the import say of a file with no rows at all. */
const EMPTY_FILE = 'The file is empty: its first row must name the columns';
/** What the preview and the import say of a file with its columns' names only (blank rows aside). */
const NO_ROWS = 'The file has no rows under its first row: there is nothing to import';

/** A preview shows the start of a long value only. */
const SAMPLE_MAX = 200;

/**
 * The preview of a file (or of its beginning: a cut-off last row is left out): each column's
 * header, the field it suggests, and its values in the first PREVIEW_ROWS rows.
 */
export async function previewCsvFile<Field extends string>(
  chunks: Buffer[],
  synonyms: Readonly<Record<Field, readonly string[]>>,
) {
  // Only the beginning of a large file is sent (1 MB at most): a row it cuts off is left out.
  // It is read at once, up to the last row shown. A stream stopped at that row ended while its
  // source still wrote to it, which refused a file that arrived in small pieces.
  const text = asUtf8(chunks, false);
  requireShortHeader(text);
  const delimiter = delimiterOf(text);
  let records: string[][];
  let cutOff = false;
  try {
    records = parseAtOnce(Buffer.concat(text), {
      ...csvOptions(delimiter),
      to: PREVIEW_ROWS + 1,
      // A row the beginning sent cuts off inside quotes is left out; any other row the parser
      // cannot read is the file's fault, and the preview says so, as the import would.
      skip_records_with_error: true,
      on_skip: (error) => {
        if (error?.code !== 'CSV_QUOTE_NOT_CLOSED') throw error;
        cutOff = true;
      },
    });
  } catch (error) {
    throw notCsv(error, delimiter);
  }
  const [header, ...rows] = records;
  if (!header || isBlank(header)) {
    throw new AppError('INVALID_INPUT', EMPTY_FILE);
  }
  requireColumnsAtMost(header);
  // No row under the header in all that was sent: the preview read to its end, not up to the
  // rows it shows (rows of separators may come before the first filled one), and cut none off.
  if (records.length <= PREVIEW_ROWS && !cutOff && rows.every(isBlank)) {
    throw new AppError('INVALID_INPUT', NO_ROWS);
  }
  const suggestions = suggestMapping(header, synonyms);
  return {
    columns: header.map((name, at) => ({
      header: name.trim(),
      suggestion: suggestions[at] ?? null,
      samples: rows
        .slice(0, PREVIEW_ROWS)
        .map((row) => cellText(row[at] ?? '').slice(0, SAMPLE_MAX)),
    })),
  };
}

/** Refuses a file of more than IMPORT_COLUMNS_MAX columns, in the preview and the import alike. */
function requireColumnsAtMost(header: string[]) {
  if (header.length > IMPORT_COLUMNS_MAX) {
    throw new AppError(
      'INVALID_INPUT',
      `The file has ${header.length} columns; at most ${IMPORT_COLUMNS_MAX} can be imported`,
    );
  }
}

const columns = (count: number) => (count === 1 ? '1 column' : `${count} columns`);

/**
 * Where each field is in the file's rows (-1: not imported): from the user's mapping of the
 * file's columns, or else suggested from the header (the template's names, in any case and
 * order, and common synonyms; other columns are left out).
 */
function fieldPositions<Field extends string>(
  kind: CsvRecordKind<Field, unknown>,
  header: string[],
  mapping: (Field | null)[] | undefined,
) {
  requireColumnsAtMost(header);
  if (mapping === undefined) {
    const suggested = suggestMapping(header, kind.synonyms);
    requireColumns(kind, suggested);
    return kind.fields.map((field) => suggested.indexOf(field));
  }
  if (mapping.length !== header.length) {
    throw new AppError(
      'INVALID_INPUT',
      `The column mapping names ${columns(mapping.length)}, but the file has ${header.length}`,
    );
  }
  const missing = unmappedFields(mapping, kind.required);
  if (missing.length > 0) {
    const names = missing.map((field) => kind.labels[field]).join(' and ');
    throw new AppError('INVALID_INPUT', `Choose a column to import as ${names}`);
  }
  return kind.fields.map((field) => mapping.indexOf(field));
}

/**
 * Reads an RFC 4180 CSV (quoted commas and newlines, BOM, CRLF) a chunk at a time, takes each
 * row's fields from the columns `mapping` gives (or the header suggests), validates each row
 * with the kind's schema, and yields the valid rows in batches, counting the others in
 * `report`, with the field a row's value was refused for. Rows are numbered as a spreadsheet
 * shows them, blank ones counted; empty ones are left out unreported. A file with more than IMPORT_SKIPPED_MAX rows that are not records is
 * refused: reading such a file costs far more than a valid one, and it is not such a file.
 */
export async function* csvBatches<Field extends string, Values>(
  chunks: Buffer[],
  report: ImportReport,
  kind: CsvRecordKind<Field, Values>,
  mapping?: (Field | null)[],
): AsyncGenerator<ImportBatch<Values>> {
  // Fed the chunks the file arrived in (not one buffer), so an import that writes each batch
  // while the next is read (contacts) overlaps the two.
  const text = asUtf8(chunks, true);
  requireShortHeader(text);
  const delimiter = delimiterOf(text);
  const parser = csvParser(text, delimiter);
  /** Where each field is in the file's rows (-1: absent). */
  let positions: number[] | null = null;
  let columns = 0;
  let read = 0;
  let invalid = 0;
  /** Rows under the header that hold nothing: a file of those alone has nothing to import. */
  let blank = 0;
  let batch: ImportBatch<Values> = { rows: [], values: [] };
  let batchRows = FIRST_BATCH_ROWS;
  try {
    for await (const chunk of readInChunks<{ record: string[]; info: Counted }>(parser)) {
      for (const { record, info } of chunk) {
        read += 1;
        if (read % ROWS_BETWEEN_TURNS === 0) await nextTurn();
        if (positions === null) {
          positions = fieldPositions(kind, record, mapping);
          columns = record.length;
          continue;
        }
        const row = spreadsheetRow(info);
        // An empty row is left out unreported, but counted as a row that is not a record: a
        // file of millions of them costs as much to read as any other rows.
        if (isBlank(record)) {
          blank += 1;
          invalid += 1;
          if (invalid > IMPORT_SKIPPED_MAX)
            throw new AppError('INVALID_INPUT', kind.tooManyInvalid);
          continue;
        }
        // A column the file has not is undefined; a row shorter than the header (allowed) has
        // its last columns blank, as a spreadsheet shows them.
        const cells = positions.map((at) => (at < 0 ? undefined : cellText(record[at] ?? '')));
        const problem =
          valuesPastColumns(record, columns, delimiter) ?? kind.cellProblem?.(cells) ?? null;
        const parsed = problem === null ? kind.schema.safeParse(kind.toInput(cells)) : null;
        if (parsed?.success) {
          batch.rows.push(row);
          batch.values.push(parsed.data);
          if (batch.values.length === batchRows) {
            yield batch;
            batch = { rows: [], values: [] };
            batchRows = Math.min(batchRows * 2, IMPORT_BATCH_ROWS);
          }
        } else {
          invalid += 1;
          if (invalid > IMPORT_SKIPPED_MAX)
            throw new AppError('INVALID_INPUT', kind.tooManyInvalid);
          skipRow(report, row, problem ?? refusal(kind, parsed?.error.issues[0]));
        }
      }
    }
  } catch (error) {
    throw notCsv(error, delimiter);
  } finally {
    // An import that ended early (too many rows that are not records, a failed batch) reads
    // no further.
    parser.destroy();
  }
  if (positions === null) throw new AppError('INVALID_INPUT', EMPTY_FILE);
  // Its header and blank rows only: refused as its preview is, rather than "Imported 0".
  if (read - 1 === blank) throw new AppError('INVALID_INPUT', NO_ROWS);
  if (batch.values.length > 0) yield batch;
}

/**
 * Why a row with values past the last named column is left out: the values are not where their
 * columns say (a comma in a value not in double quotes, most often), so reading the row's first
 * cells would import them under the wrong fields. Empty cells past the end, which spreadsheets
 * write, are no such thing.
 */
function valuesPastColumns(record: string[], columns: number, delimiter: Delimiter): string | null {
  if (record.length <= columns) return null;
  if (record.slice(columns).every((cell) => cell.trim() === '')) return null;
  return `This row has more values than the file has columns (${record.length} for ${columns}): a value with ${DELIMITER_NAMES[delimiter]} in it must be in double quotes`;
}

/**
 * Why a row's values were refused, naming the column when the message does not ('Invalid email
 * format' does): 'Organization: Must be at most 200 characters', as a row's name is held to
 * the same length.
 */
function refusal<Field extends string>(
  kind: CsvRecordKind<Field, unknown>,
  issue: { message: string; path: PropertyKey[] } | undefined,
): string {
  if (issue === undefined) return 'Invalid row';
  const field = kind.fields.indexOf(issue.path[0] as Field);
  const column = kind.header[field];
  if (column === undefined) return issue.message;
  const label = column.charAt(0).toUpperCase() + column.slice(1);
  return issue.message.toLowerCase().includes(label.toLowerCase())
    ? issue.message
    : `${label}: ${issue.message}`;
}

/**
 * A failure to read the file, as the client is told it: a quote out of place, by the row it is
 * in (as a spreadsheet numbers it, blank rows counted), and what to do about it.
 */
function notCsv(error: unknown, delimiter: Delimiter = ','): AppError {
  if (error instanceof AppError) return error;
  const { code, message, ...counted } = error as Error & Counted & { code?: string };
  const row = `Row ${spreadsheetRow(counted) + 1}`;
  const answers: Record<string, string> = {
    CSV_QUOTE_NOT_CLOSED: `${row} opens a double quote that is never closed, so the rest of the file would be one value: close the quote, or take it out`,
    CSV_INVALID_CLOSING_QUOTE: `${row} has text after a value's closing double quote: a value in double quotes ends with its quote, then ${DELIMITER_NAMES[delimiter]}`,
    CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: `${row} has text after a value's closing double quote: a value in double quotes ends with its quote, then ${DELIMITER_NAMES[delimiter]}`,
    INVALID_OPENING_QUOTE: `${row} has a double quote inside a value: put the whole value in double quotes, and write each quote inside it twice ("")`,
  };
  return new AppError(
    'INVALID_INPUT',
    (code && answers[code]) ?? `The file is not valid CSV: ${message}`,
  );
}

/** The parser's records, as many at a time as it has ready (cheaper than one await per row). */
async function* readInChunks<Row>(parser: Readable): AsyncGenerator<Row[]> {
  const ended = new Promise<void>((resolve, reject) => {
    parser.once('end', resolve);
    parser.once('error', reject);
  });
  ended.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
  while (!parser.readableEnded) {
    const chunk: Row[] = [];
    let row: Row | null = parser.read();
    while (row !== null) {
      chunk.push(row);
      row = parser.read();
    }
    if (chunk.length > 0) yield chunk;
    else await Promise.race([ended, new Promise((resolve) => parser.once('readable', resolve))]);
    if (parser.errored) throw parser.errored;
  }
  await ended;
}

function requireColumns<Field extends string>(
  kind: CsvRecordKind<Field, unknown>,
  suggested: (Field | null)[],
) {
  const missing = unmappedFields(suggested, kind.required);
  if (missing.length > 0) {
    const names = missing
      .map((field) => `'${kind.header[kind.fields.indexOf(field)] ?? field}'`)
      .join(' and ');
    throw new AppError(
      'INVALID_INPUT',
      `The file has no ${names} column. Its first row must name the columns: ${kind.header.join(', ')}`,
    );
  }
}
