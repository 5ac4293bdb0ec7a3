/**
 * What every CSV file of ours begins with: Excel, opening a file by a double click, reads it as
 * UTF-8 only after a byte order mark (without, José shows as "JosÃ©"); the imports skip it.
 */
export const CSV_BOM = '\ufeff';

/** A value of a CSV cell: a text, a number, or nothing. */
export type CsvValue = string | number | null;

/**
 * A text `cell` writes after an apostrophe: one a spreadsheet would run as a formula, and one
 * that begins with apostrophes before such a character (so that reading the file back takes off
 * only the apostrophe the file added).
 */
const GUARD_NEEDED = /^'*[=+\-@\t\r]/;
/** A text `cell` guarded, as it stands in the file. */
const GUARDED = /^'+[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180). A text a spreadsheet would run as a formula (starting with =, +, -,
 * @, a tab or a carriage return) is written with a leading apostrophe, as OWASP advises against
 * CSV injection; a negative number stays a number.
 */
function cell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = GUARD_NEEDED.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A cell's text as a file of ours wrote it, read back: the apostrophe `cell` put before a text
 * a spreadsheet would run as a formula goes ('+44 20 7946 0000', not "'+44…"), so an export
 * imports unchanged.
 */
export const cellText = (text: string) => (GUARDED.test(text) ? text.slice(1) : text);

/** One line of a CSV file, with its line break. */
export const csvLine = (values: readonly CsvValue[]) => `${values.map(cell).join(',')}\r\n`;

/** A CSV file of `headers` and `rows`. */
export const toCsv = (headers: string[], rows: CsvValue[][]) =>
  [headers, ...rows].map(csvLine).join('');

/** A list's export file name on `day` (2026-11-23): `contacts-2026-11-23.csv`. */
export const exportFileName = (list: string, day: string) => `${list}-${day}.csv`;
