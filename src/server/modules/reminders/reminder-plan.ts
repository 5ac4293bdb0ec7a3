// What a scan makes of a company's open deadlines at one moment: the reminders due, each for whom,
// and Monday's digests. Nothing here reads the database or the clock: the scan passes both in.
import { localDate, startOfDay, zoneFormatter } from '../../../domain/due-dates.ts';
import { DIGEST_DAYS, DIGEST_HOUR, dueInWords, reminderStage } from '../../../domain/reminders.ts';
import {
  type RequirementType,
  requirementTypeLabels,
} from '../../../domain/requirement-constants.ts';

export interface OpenDeadline {
  kind: 'grant' | 'task' | 'requirement';
  id: number;
  name: string;
  grantId: number;
  /** The grant a task or requirement belongs to (the grant's own name for a grant). */
  grantName: string;
  /** A requirement's type; null for grants and tasks. */
  type: RequirementType | null;
  assigneeId: number | null;
  dueDate: Date;
}

export interface Member {
  id: number;
  role: 'admin' | 'user';
  remindersEnabled: boolean;
  digestEnabled: boolean;
}

export interface CompanyClock {
  timeZone: string;
  reminderDays: readonly number[];
}

export interface PlannedNotification {
  userId: number;
  key: string;
  title: string;
  body: string;
  link: string;
}

const DAY_MS = 86_400_000;

const DAY_IN_WORDS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
};

/** "Tue, Dec 1, 2026": a due day as the company's clock has it. */
const dayInWords = (instant: Date, timeZone: string) =>
  zoneFormatter('day in words', timeZone, DAY_IN_WORDS).format(instant);

/**
 * Whole days from today to the deadline's day, on the company's clock (negative when past): the
 * calendar days between their dates there, which localDate reads from a kept offset.
 */
export const daysLeft = (dueDate: Date, now: Date, timeZone: string) =>
  Math.round(
    (Date.parse(localDate(dueDate, timeZone)) - Date.parse(localDate(now, timeZone))) / DAY_MS,
  );

/** "Grant deadline", "Task of Youth Arts Grant", "Interim report for Youth Arts Grant". */
function whatItIs(deadline: OpenDeadline): string {
  if (deadline.kind === 'grant') return 'Grant deadline';
  if (deadline.kind === 'task') return `Task of ${deadline.grantName}`;
  const type = deadline.type ? requirementTypeLabels[deadline.type] : 'Requirement';
  return `${type} for ${deadline.grantName}`;
}

/** The page a deadline is shown on: tasks and requirements are on their grant's page. */
const linkOf = (deadline: OpenDeadline) => `/grants/${deadline.grantId}`;

/** Who hears of a deadline: its assignee, or every admin when it has none. */
function recipients(deadline: OpenDeadline, members: readonly Member[]): Member[] {
  const assignee = members.find((member) => member.id === deadline.assigneeId);
  const whom = assignee ? [assignee] : members.filter((member) => member.role === 'admin');
  return whom.filter((member) => member.remindersEnabled);
}

/** The reminders due now: one per deadline, stage and recipient, keyed so each is made once. */
export function plannedReminders(
  deadlines: readonly OpenDeadline[],
  members: readonly Member[],
  clock: CompanyClock,
  now: Date,
): PlannedNotification[] {
  return deadlines.flatMap((deadline) => {
    const left = daysLeft(deadline.dueDate, now, clock.timeZone);
    const stage = reminderStage(left, clock.reminderDays);
    if (stage === null) return [];
    const day = localDate(deadline.dueDate, clock.timeZone);
    const key = `${deadline.kind}:${deadline.id}:${day}:${stage}`;
    const title = `${deadline.name} is ${dueInWords(left)}`;
    const body = `${whatItIs(deadline)} · due ${dayInWords(deadline.dueDate, clock.timeZone)}`;
    return recipients(deadline, members).map((member) => ({
      userId: member.id,
      key,
      title,
      body,
      link: linkOf(deadline),
    }));
  });
}

/** What the key of a digest's notification begins with; a reminder's begins with its kind. */
export const DIGEST_KEY_PREFIX = 'digest:';

/** Monday from DIGEST_HOUR on the company's clock: the day's digest is due. */
export function digestDay(now: Date, timeZone: string): string | null {
  const today = startOfDay(now, timeZone);
  const date = localDate(now, timeZone);
  const monday = new Date(`${date}T00:00:00Z`).getUTCDay() === 1;
  const hour = (now.getTime() - today.getTime()) / 3_600_000;
  return monday && hour >= DIGEST_HOUR ? date : null;
}

/** The overdue work a digest lists at most, the latest; the rest is counted in one line. */
export const DIGEST_OVERDUE_LISTED = 10;
/** The deadlines to come a digest lists at most, the soonest; the rest is counted in one line. */
export const DIGEST_COMING_LISTED = 50;

/**
 * Monday's digest for each member who takes it: what is overdue and what is due in the next
 * DIGEST_DAYS days, in due order. Nothing is sent when nothing is due.
 */
export function plannedDigests(
  deadlines: readonly OpenDeadline[],
  members: readonly Member[],
  clock: CompanyClock,
  now: Date,
): PlannedNotification[] {
  const day = digestDay(now, clock.timeZone);
  if (day === null) return [];
  const listed = deadlines
    .map((deadline) => ({ deadline, left: daysLeft(deadline.dueDate, now, clock.timeZone) }))
    .filter(({ left }) => left < DIGEST_DAYS)
    .sort((a, b) => a.deadline.dueDate.getTime() - b.deadline.dueDate.getTime());
  if (listed.length === 0) return [];
  const overdue = listed.filter(({ left }) => left < 0).length;
  const coming = listed.length - overdue;
  const title = `This week: ${coming} ${coming === 1 ? 'deadline' : 'deadlines'} in the next ${DIGEST_DAYS} days, ${overdue} overdue`;
  // Work long overdue (grants imported years ago and never closed) would fill every Monday's
  // digest: the latest of it is listed, the rest counted. So would a busy fortnight (thousands
  // of tasks): the soonest of it is listed, the rest counted.
  const unlisted = Math.max(0, overdue - DIGEST_OVERDUE_LISTED);
  const later = Math.max(0, coming - DIGEST_COMING_LISTED);
  const lines = listed
    .slice(unlisted, overdue + DIGEST_COMING_LISTED)
    .map(
      ({ deadline, left }) =>
        `${dayInWords(deadline.dueDate, clock.timeZone)} · ${deadline.name} · ${whatItIs(deadline)}${left < 0 ? ' · overdue' : ''}`,
    );
  const body = [
    ...(unlisted > 0 ? [`${unlisted} more overdue, due before these: see the dashboard`] : []),
    ...lines,
    ...(later > 0 ? [`${later} more due in the next ${DIGEST_DAYS} days, after these`] : []),
  ].join('\n');
  return members
    .filter((member) => member.digestEnabled)
    .map((member) => ({
      userId: member.id,
      key: `${DIGEST_KEY_PREFIX}${day}`,
      title,
      body,
      link: '/',
    }));
}
