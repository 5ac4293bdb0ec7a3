// What each form sends: its field values (strings as the inputs hold them) turned into the API's
// payload. Pure functions, so the web forms and the unit tests use the same mapping. Type-only
// imports: a form that imports this does not also download the schemas through it.

import type { CompanyProfilePatch } from './company.ts';
import type { ContactInput } from './contacts.ts';
import type { FunderPatch, FunderType } from './funders.ts';
import type { GrantInput, TaskInput } from './grants.ts';
import type { InteractionInput } from './interactions.ts';
import type { OpportunityInput, OpportunityStage } from './opportunities.ts';
import type { ReminderSettingsPatch } from './reminders.ts';
import type { RequirementInput } from './requirements.ts';

/**
 * Whether the form edits an existing record (PATCH) or creates one; and the record as it was,
 * whose dates and times a save leaves as they were where the form still shows them.
 */
interface PayloadOptions<Was = never> {
  editing: boolean;
  was?: Was | undefined;
}

/**
 * A form's optional text fields as a payload. An empty one is left out of a new record (SPEC §2.7,
 * §2.11) but sent as null in an edit: a PATCH keeps any field it does not receive, so leaving it
 * out would keep the value the user just cleared.
 */
export function optionalFields<T extends Record<string, string>>(
  values: T,
  editing: boolean,
): { [K in keyof T]?: string | null } {
  return Object.fromEntries(
    Object.entries(values).flatMap(([key, value]): [string, string | null][] => {
      if (value.trim() !== '') return [[key, value]];
      return editing ? [[key, null]] : [];
    }),
  ) as { [K in keyof T]?: string | null };
}

/** Form values to payload: non-numeric input becomes 0, then whole dollars (SPEC §2.11). */
export function parseAmount(value: unknown): number {
  const number = typeof value === 'number' ? value : Number.parseFloat(String(value));
  return Number.isFinite(number) ? Math.trunc(number) : 0;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The value a datetime-local input shows for an instant, in the local time zone. */
export function toLocalInput(iso: string | Date): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The instant a datetime-local input's value means, as ISO 8601; '' stays '' and text that is
 * no date is sent as typed, so the schema answers with the field's own message.
 */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/**
 * The instant of a date-and-time input: the one stored (`was`) while the input still shows it.
 * The input shows minutes, so a time saved to the second or less (by the API, an import) would
 * otherwise be moved to its minute by a save that did not touch it, and its history would say so.
 */
export const instantOf = (value: string, was: string | null | undefined): string =>
  was && value === toLocalInput(was) ? was : fromLocalInput(value);

/**
 * The day a date input shows for a stored day (kept at noon UTC: its UTC date), the same day in
 * every time zone ('' for none).
 */
export const toDayInput = (iso: string | null) =>
  iso ? new Date(iso).toISOString().slice(0, 10) : '';

/** A select's value that may be unset: a number, or left out. */
const chosenId = (value: string | null) => (value ? Number(value) : undefined);

export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  organization: string;
  notes: string;
}

export function contactPayload(
  values: ContactFormValues,
  { editing }: PayloadOptions,
): ContactInput {
  const { name, email, ...optional } = values;
  return { name, email, ...optionalFields(optional, editing) };
}

export interface GrantFormValues {
  name: string;
  funder: string;
  amount: number | string;
  dueDate: string;
  status: string;
  documentUrl: string;
  notes: string;
  /** The award: an amount ('' for none) and days of date inputs ('' for none). */
  awardedAmount: number | string;
  awardedDate: string;
  periodStart: string;
  periodEnd: string;
}

/**
 * Whole dollars, an ISO due date; the optional fields (document URL, notes, the award's amount
 * and days) as for any optional text: an emptied one is null in an edit, left out when new. The
 * award the form filled in itself (`awardFilledIn`: what is asked for, put in on choosing Awarded
 * or filled in so by the server, and not changed since) is left out with its date while no date
 * is given: the server fills it in as what is asked, so it follows the amount asked for and goes
 * when the grant leaves Awarded, as any award filled in does. A new grant saved Awarded with no
 * award amount is awarded what it asks for too; an amount cleared in an edit stays cleared.
 */
export function grantPayload(
  values: GrantFormValues,
  {
    editing,
    was,
    awardFilledIn = false,
  }: PayloadOptions<{ dueDate: string; awardedDate?: string | null }> & { awardFilledIn?: boolean },
): GrantInput {
  const { name, funder, notes, documentUrl, awardedDate, periodStart, periodEnd } = values;
  const awarded = String(values.awardedAmount).trim();
  const leftToServer = awardFilledIn && awardedDate.trim() === '' && !was?.awardedDate;
  // The award as typed (cleared in an edit: null), its day as the date input gives it
  // (2027-01-01): the server keeps it at noon UTC, as the period's days.
  const award = leftToServer
    ? {}
    : {
        ...optionalFields({ awardedDate }, editing),
        ...(awarded !== ''
          ? { awardedAmount: parseAmount(awarded) }
          : editing
            ? { awardedAmount: null }
            : {}),
      };
  return {
    name,
    funder,
    amount: parseAmount(values.amount),
    dueDate: instantOf(values.dueDate, was?.dueDate),
    status: values.status as GrantInput['status'],
    ...optionalFields({ notes, documentUrl, periodStart, periodEnd }, editing),
    ...award,
  };
}

export interface OpportunityFormValues {
  name: string;
  organization: string;
  amount: number | string;
  stage: string;
  probability: number | string;
  expectedCloseDate: string;
  notes: string;
}

/** An emptied probability is null, on a new opportunity too: it has no default once cleared. */
export function opportunityPayload(
  values: OpportunityFormValues,
  { editing, was }: PayloadOptions<{ expectedCloseDate: string }>,
): OpportunityInput {
  return {
    name: values.name,
    organization: values.organization,
    amount: parseAmount(values.amount),
    stage: values.stage as OpportunityStage,
    expectedCloseDate: instantOf(values.expectedCloseDate, was?.expectedCloseDate),
    probability: values.probability === '' ? null : parseAmount(values.probability),
    ...optionalFields({ notes: values.notes }, editing),
  };
}

export interface InteractionFormValues {
  contactId: string | null;
  type: string | null;
  notes: string;
  date: string;
}

/**
 * Every field is required, so an edit sends them all. An unchosen contact or type is left out
 * (the schema then says it is required); the form submits only what the schema accepted.
 */
export function interactionPayload(values: InteractionFormValues, was?: { date: string }) {
  return {
    contactId: chosenId(values.contactId),
    type: values.type ?? undefined,
    notes: values.notes,
    date: instantOf(values.date, was?.date),
  } satisfies Record<keyof InteractionInput, unknown>;
}

export interface TaskFormValues {
  grantId: string | null;
  name: string;
  description: string;
  category: string | null;
  dueDate: string;
  status: string;
  assigneeId: string | null;
}

/**
 * The task's fields (its grant goes in the URL). Every field but the assignee is required, as
 * above. The assignee is always sent: a cleared one is null, so an edit unassigns the task
 * rather than keeping whoever had it.
 */
export function taskPayload(values: TaskFormValues, was?: { dueDate: string | null }) {
  return {
    name: values.name,
    description: values.description,
    category: values.category ?? undefined,
    dueDate: instantOf(values.dueDate, was?.dueDate),
    status: values.status,
    assigneeId: chosenId(values.assigneeId) ?? null,
  } satisfies Record<keyof TaskInput, unknown>;
}

export interface RequirementFormValues {
  name: string;
  type: string | null;
  dueDate: string;
  status: string;
  /** The chosen user's id as the select holds it; null for nobody. */
  assigneeId: string | null;
  notes: string;
}

/**
 * A requirement's fields (its grant goes in the URL). Nobody chosen is null in an edit, so
 * clearing the assignee unassigns; notes as any optional text.
 */
export function requirementPayload(
  values: RequirementFormValues,
  { editing, was }: PayloadOptions<{ dueDate: string }>,
): RequirementInput {
  const assigneeId = chosenId(values.assigneeId);
  return {
    name: values.name,
    type: (values.type ?? undefined) as RequirementInput['type'],
    dueDate: instantOf(values.dueDate, was?.dueDate),
    status: values.status as RequirementInput['status'],
    ...(assigneeId !== undefined ? { assigneeId } : editing ? { assigneeId: null } : {}),
    ...optionalFields({ notes: values.notes }, editing),
  };
}

export type CompanyProfileFormValues = Required<Record<keyof CompanyProfilePatch, string>>;

/**
 * The company profile is only ever edited, and by any admin: the fields changed from those the
 * form showed (`shown`) are sent, an emptied one as null; the others are left out, so a change
 * another admin saved meanwhile to one of them stays.
 */
export function companyProfilePayload(
  values: CompanyProfileFormValues,
  shown: CompanyProfileFormValues,
): CompanyProfilePatch {
  const changed = <K extends keyof CompanyProfileFormValues>(key: K) => values[key] !== shown[key];
  const { name, ...optional } = values;
  const optionalChanged = Object.fromEntries(
    Object.entries(optional).filter(([key]) => changed(key as keyof CompanyProfileFormValues)),
  );
  return { ...(changed('name') ? { name } : {}), ...optionalFields(optionalChanged, true) };
}

export interface FunderFormValues {
  name: string;
  type: FunderType | null;
  website: string;
  notes: string;
}

/** A funder is only ever edited: an emptied website or notes is null, so the server clears it. */
export function funderPayload(values: FunderFormValues): FunderPatch {
  const { name, type, ...optional } = values;
  return { name, type, ...optionalFields(optional, true) };
}

/** Reminder days are whole numbers of days before a deadline, from 0 to 365: at most ten. */
const REMINDER_DAY = /^\d{1,3}$/;

/**
 * The reminder days as typed ("14, 7, 1") as the settings send them ([14, 7, 1]; nothing typed is
 * none: overdue notices only), or what is wrong with them.
 */
export function reminderDaysPayload(text: string): { days: number[] } | { error: string } {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (!parts.every((part) => REMINDER_DAY.test(part) && Number(part) <= 365)) {
    return { error: 'Enter whole numbers of days from 0 to 365, separated by commas' };
  }
  const days = [...new Set(parts.map(Number))];
  if (days.length > 10) return { error: 'At most 10 reminder days' };
  return { days };
}

/** The reminder settings as their form holds them: the days as typed ("14, 7, 1"). */
export interface ReminderSettingsFormValues {
  timeZone: string;
  days: string;
}

/**
 * The reminder settings changed from those the form showed (`shown`), as they are sent; the
 * others are left out, so a change another admin saved meanwhile to one of them stays. Or what
 * is wrong with the days typed.
 */
export function reminderSettingsPayload(
  values: ReminderSettingsFormValues,
  shown: ReminderSettingsFormValues,
): ReminderSettingsPatch | { error: string } {
  const timeZone = values.timeZone === shown.timeZone ? {} : { timeZone: values.timeZone };
  if (values.days === shown.days) return timeZone;
  const days = reminderDaysPayload(values.days);
  return 'error' in days ? days : { ...timeZone, reminderDays: days.days };
}
