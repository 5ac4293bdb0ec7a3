import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  CONTACT_CSV_COLUMNS,
  CONTACT_CSV_REQUIRED,
  type ContactValues,
  contactInputSchema,
  IMPORT_ERRORS_MAX,
} from '../../../domain/contacts.ts';
import { AppError } from '../../lib/errors.ts';

export const CONTACT_TEMPLATE_CSV =
  `${CONTACT_CSV_COLUMNS.join(',')}\r\n` +
  'Jane Doe,jane.doe@example.org,555-0100,Example Foundation,' +
  '"Met at the spring gala; interested in literacy, arts and youth programs"\r\n';

export interface ParsedContacts {
  valid: ContactValues[];
  skipped: number;
  errors: { row: number; message: string }[];
}

/**
 * Reads an RFC 4180 CSV (quoted commas and newlines, BOM, CRLF; header names in any case and
 * order; extra columns ignored) and validates each row with the contact schema. Row numbers are
 * those a spreadsheet shows: the header is row 1.
 */
export async function parseContactsCsv(input: Readable): Promise<ParsedContacts> {
  let header: string[] = [];
  const parser = input.pipe(
    parse({
      bom: true,
      columns: (names: string[]) => {
        header = names.map((name) => name.trim().toLowerCase());
        return header;
      },
      skip_empty_lines: true,
      relax_column_count: true,
    }),
  );

  const result: ParsedContacts = { valid: [], skipped: 0, errors: [] };
  let row = 1;
  let checkedHeader = false;
  try {
    for await (const record of parser as AsyncIterable<Record<string, string | undefined>>) {
      if (!checkedHeader) {
        requireColumns(header);
        checkedHeader = true;
      }
      row += 1;
      const fields = Object.fromEntries(CONTACT_CSV_COLUMNS.map((c) => [c, record[c]]));
      const parsed = contactInputSchema.safeParse(fields);
      if (parsed.success) {
        result.valid.push(parsed.data);
      } else {
        result.skipped += 1;
        if (result.errors.length < IMPORT_ERRORS_MAX) {
          result.errors.push({ row, message: parsed.error.issues[0]?.message ?? 'Invalid row' });
        }
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The parser's own messages name the line: "Invalid Closing Quote: ... at line 7".
    throw new AppError('INVALID_INPUT', `The file is not valid CSV: ${(error as Error).message}`);
  }
  if (!checkedHeader) requireColumns(header);
  return result;
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
