// Grants from a CSV file: the columns of the template (the export's, so an exported file comes
// back), the header names that suggest each field, and a row's cells as a grant's input. No
// schemas, so the grants page's import dialog leaves the validation library out of its download.
import { type GrantStatus, grantStatuses, grantStatusLabels } from './grant-constants.ts';

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

/** The header names, besides a field's own and its label, that the import suggests it for. */
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
 * An amount as a spreadsheet writes it ("$50,000", "50 000.00", "€1,200") as a number of
 * dollars; a blank cell is none, and anything else stays text for the schema to refuse.
 */
export function amountFromCell(cell: string | undefined): number | string | undefined {
  const text = cell?.trim() ?? '';
  if (text === '') return undefined;
  const digits = text.replace(/^[$€£]\s*/, '').replace(/[,\s]/g, '');
  return /^-?\d+(\.\d+)?$/.test(digits) ? Number(digits) : text;
}

const statusByWord = new Map<string, GrantStatus>(
  grantStatuses.flatMap((status) => [
    [status, status],
    [grantStatusLabels[status].toLowerCase(), status],
  ]),
);

/** A status in the app's words or its value, in any case; a blank cell is none (a draft). */
export function statusFromCell(cell: string | undefined): string | undefined {
  const text = cell?.trim() ?? '';
  if (text === '') return undefined;
  return statusByWord.get(text.toLowerCase()) ?? text;
}

/** A row's cells (in GRANT_CSV_FIELDS order) as the input of a grant. */
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
  dueDate,
  status: statusFromCell(status),
  awardedAmount: amountFromCell(awardedAmount),
  awardedDate,
  periodStart,
  periodEnd,
  documentUrl,
  notes,
});
