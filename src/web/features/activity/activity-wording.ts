// How an activity entry reads: "Dana Director changed Amount from $50,000 to $75,000".
import type { ActivityEntry } from '../../../domain/activity.ts';
import { capitalise, formatDateTime, formatDay, formatMoney } from '../../lib/format.ts';

const FIELD_LABELS: Record<string, string> = {
  amount: 'Amount',
  awarded_amount: 'Awarded amount',
  awarded_date: 'Awarded date',
  period_start: 'Period start',
  period_end: 'Period end',
  due_date: 'Due date',
  expected_close_date: 'Expected close date',
  document_url: 'Document link',
  assignee_id: 'Assignee',
  contact_id: 'Contact',
  grant_id: 'Grant',
  funder: 'Funder',
};
const MONEY_FIELDS = new Set(['amount', 'awarded_amount']);
/** Times (a date and its time): a time moved within its day is a change the history shows. */
const DATE_FIELDS = new Set(['date', 'due_date', 'expected_close_date']);
/** Days kept at noon UTC (an award's): the same day wherever the history is read. */
const DAY_FIELDS = new Set(['awarded_date', 'period_start', 'period_end']);

/**
 * Fields that hold one of a few choices, written in lower case, shown as the app labels them:
 * `in-progress` → "In Progress", `letter_of_inquiry` → "Letter of inquiry".
 */
const CHOICE_FIELDS = new Set(['status', 'stage', 'type', 'category']);

/** Fields that name another record by its id: the change is told without the ids. */
export const isReference = (field: string) => field.endsWith('_id');

/** Whether an entry gives a task or requirement to another member (or to no one). */
export const changesAssignee = (entry: ActivityEntry) =>
  entry.changes?.some((change) => change.field === 'assignee_id') ?? false;

/**
 * A change of a field that names another record: "Assignee from Ada Lovelace to nobody", by the
 * team's names (`members`: id to name; one removed since is "a former member"); until the team
 * is read (or if it cannot be), and of another kind of record, its label alone.
 */
export function referenceChange(
  field: string,
  before: unknown,
  after: unknown,
  members: ReadonlyMap<number, string> | undefined,
): string {
  if (field !== 'assignee_id' || !members) return fieldLabel(field);
  const member = (id: unknown) =>
    typeof id === 'number' ? (members.get(id) ?? 'a former member') : 'nobody';
  return `${fieldLabel(field)} from ${member(before)} to ${member(after)}`;
}

/** A field's name as the forms label it: `awarded_amount` → "Awarded amount". */
export const fieldLabel = (field: string) =>
  FIELD_LABELS[field] ?? capitalise(field.replaceAll('_', ' '));

/** A value before or after a change, as the pages show such a value. */
export function changedValue(field: string, value: string | number | boolean | null): string {
  if (value === null || value === '') return 'nothing';
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatMoney(value);
  if (DATE_FIELDS.has(field) && typeof value === 'string') return formatDateTime(value);
  if (DAY_FIELDS.has(field) && typeof value === 'string') return formatDay(value);
  if (typeof value === 'string' && CHOICE_FIELDS.has(field)) {
    // A status, a stage, a type: each part of a hyphenated value is a word of its label.
    return value.replaceAll('_', ' ').split('-').map(capitalise).join(' ');
  }
  return String(value);
}

/** Who did it: their name, kept after they are removed; "Grantwell" for the system. */
export const actorOf = (entry: ActivityEntry) => entry.actorName ?? 'Grantwell';

/**
 * What happened, after the actor's name: "created the grant Literacy", "changed", "merged
 * "Hill Fdn" into this funder".
 */
export function actionWords(entry: ActivityEntry, ofThisRecord: boolean): string {
  const what = ofThisRecord ? `this ${entry.entity}` : `the ${entry.entity} ${entry.title}`;
  if (entry.action === 'created') return `created ${what}`;
  if (entry.action === 'deleted') return `deleted ${what}`;
  if (entry.action === 'merged') return `merged "${mergedName(entry)}" into ${what}`;
  return ofThisRecord ? 'changed' : `changed ${what}:`;
}

/** The name of the funder a merge took in, as its entry keeps it. */
const mergedName = (entry: ActivityEntry) => String(entry.changes?.[0]?.before ?? 'a funder');

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** The day of `instant` on the user's clock, counted in days. */
const dayNumber = (instant: number) => {
  const date = new Date(instant);
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000;
};

/**
 * "2 hours ago", "yesterday", "just now". Days are the calendar's: a change at 23:00 on Monday
 * seen at 08:00 on Wednesday was two days ago, not "yesterday" for being 33 hours old.
 */
export function timeAgo(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  const seconds = Math.round((then - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) < size) continue;
    if (unit === 'day') return relative.format(dayNumber(then) - dayNumber(now), 'day');
    return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}
