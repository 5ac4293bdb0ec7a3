// Grants from a CSV file: the columns of the template (the export's, so an exported file comes
// back), the header names that suggest each field, and a row's cells as a grant's input. No
// schemas, so the grants page's import dialog leaves the validation library out of its download.

import { type GrantStatus, grantStatuses, grantStatusLabels } from './grant-constants.ts';
import { isoInstant } from './iso-dates.ts';

export const GRANT_CSV_FIELDS = [
  'name',
  'funder',
  'amount',
  'dueDate',
  'status',
  'awardedAmount',
  'awardedDate',
  'periodStart',
  'periodEnd',
  'documentUrl',
  'notes',
] as const;
export type GrantImportField = (typeof GRANT_CSV_FIELDS)[number];
export const GRANT_CSV_REQUIRED = ['name', 'funder', 'amount', 'dueDate'] as const;

/** Each field's name in the preview, and its column in the template and the export. */
export const GRANT_FIELD_LABELS: Record<GrantImportField, string> = {
  name: 'Name',
  funder: 'Funder',
  amount: 'Amount requested',
  dueDate: 'Due date',
  status: 'Status',
  awardedAmount: 'Amount awarded',
  awardedDate: 'Awarded on',
  periodStart: 'Period start',
  periodEnd: 'Period end',
  documentUrl: 'Document',
  notes: 'Notes',
};

/**
 * The header names, besides a field's own, that the import suggests it for: each label (the
 * template's and the export's column) among them.
 */
export const GRANT_IMPORT_SYNONYMS = {
  name: ['grant', 'grant name', 'title', 'grant title', 'program', 'project', 'Name'],
  funder: ['funder name', 'foundation', 'organization', 'organisation', 'grantor', 'Funder'],
  amount: ['Amount requested', 'requested', 'request', 'ask', 'amount requested ($)', 'budget'],
  dueDate: ['Due date', 'deadline', 'due', 'application deadline', 'submission deadline'],
  status: ['Status', 'stage', 'grant status'],
  awardedAmount: ['Amount awarded', 'awarded', 'award', 'award amount', 'amount granted'],
  awardedDate: ['Awarded on', 'award date', 'date awarded', 'decision date'],
  periodStart: ['Period start', 'start date', 'grant start', 'start'],
  periodEnd: ['Period end', 'end date', 'grant end', 'end'],
  documentUrl: ['Document', 'document url', 'link', 'url', 'document link', 'proposal link'],
  notes: ['Notes', 'note', 'comments', 'comment', 'description', 'remarks'],
} as const satisfies Record<GrantImportField, readonly string[]>;

/**
 * An amount as a US spreadsheet writes it: 50000, 50,000, $50,000.00, cents at most after the
 * dot (so 50.000, European thousands, is refused rather than read as 50).
 */
const AMOUNT_TEXT = /^\$?\s*-?(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/** An amount cell as a number of dollars; a blank cell is none. Check it with cellProblem first. */
function amountFromCell(cell: string | undefined): number | undefined {
  const text = cell?.trim() ?? '';
  if (text === '') return undefined;
  return Number(text.replace(/[$,\s]/g, ''));
}

/**
 * A date as 2027-03-31 or 3/31/2027, or an ISO 8601 time (as the export writes, with Z; or with
 * an offset, or with none: then on the organization's clocks, as the API reads one).
 */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A date cell as the API takes a date: a day (2027-03-31, 3/31/2027) as the ISO day it is, a
 * time as it is; a blank cell is none, and null is no date at all (30 February, "soon", "5").
 * Either is then read as the API reads it: a due date written as a day at noon that day where
 * the organization is (in New Zealand too), one with a time and no offset at that time there,
 * an award's day as that day.
 */
function dateFromCell(cell: string | undefined): string | undefined | null {
  const text = cell?.trim() ?? '';
  if (text === '') return undefined;
  const us = US_DAY.exec(text);
  const day = us ? `${us[3]}-${us[1]?.padStart(2, '0')}-${us[2]?.padStart(2, '0')}` : text;
  if (ISO_DAY.test(day)) return isoInstant(day) === null ? null : day;
  return ISO_TIME.test(text) && isoInstant(text) !== null ? text : null;
}

const AMOUNT_FIELDS = ['amount', 'awardedAmount'] as const;
const DATE_FIELDS = ['dueDate', 'awardedDate', 'periodStart', 'periodEnd'] as const;

/**
 * What is wrong with a row's amounts or dates, read as a spreadsheet writes them, before the
 * grant's own rules: a figure that is not dollars ("50.000", "€1,200") or a day that is not one
 * would otherwise be read as some other number or day without a word.
 */
export function grantCellProblem(cells: (string | undefined)[]): string | null {
  const cellOf = (field: GrantImportField) => cells[GRANT_CSV_FIELDS.indexOf(field)]?.trim() ?? '';
  for (const field of AMOUNT_FIELDS) {
    const text = cellOf(field);
    if (text !== '' && !AMOUNT_TEXT.test(text)) {
      return `${GRANT_FIELD_LABELS[field]} must be a number of dollars, such as 50000 or $50,000`;
    }
  }
  for (const field of DATE_FIELDS) {
    if (dateFromCell(cellOf(field)) === null) {
      return `${GRANT_FIELD_LABELS[field]} must be a date such as 2027-03-31 or 3/31/2027`;
    }
  }
  return null;
}

const statusByWord = new Map<string, GrantStatus>(
  grantStatuses.flatMap((status) => [
    [status, status],
    [grantStatusLabels[status].toLowerCase(), status],
  ]),
);

/** A status in the app's words or its value, in any case; a blank cell is none (a draft). */
function statusFromCell(cell: string | undefined): string | undefined {
  const text = cell?.trim() ?? '';
  if (text === '') return undefined;
  return statusByWord.get(text.toLowerCase()) ?? text;
}

/**
 * A row's cells (in GRANT_CSV_FIELDS order) as the input of a grant: its dates as the API takes
 * them, so a due date written as a day is due at noon that day where the organization is.
 */
export const grantInputFromCells = ([
  name,
  funder,
  amount,
  dueDate,
  status,
  awardedAmount,
  awardedDate,
  periodStart,
  periodEnd,
  documentUrl,
  notes,
]: (string | undefined)[]) => ({
  name,
  funder,
  amount: amountFromCell(amount),
  dueDate: dateFromCell(dueDate),
  status: statusFromCell(status),
  // A file with neither award column gives no award: an Awarded row is awarded what it asks
  // for, as through the API. A blank cell of either column gives none, as null does through the
  // API (an export's award that was cleared).
  awardedAmount: awardedAmount === undefined ? undefined : (amountFromCell(awardedAmount) ?? null),
  awardedDate: awardedDate === undefined ? undefined : (dateFromCell(awardedDate) ?? null),
  periodStart: dateFromCell(periodStart),
  periodEnd: dateFromCell(periodEnd),
  documentUrl,
  notes,
});
