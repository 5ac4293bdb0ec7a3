// When a task is due, counted in the days of the person looking: the board's due windows and its
// Overdue badge. Nothing here is stored; it all follows from a due date and today. No validation
// library either: the board imports this.
import { openTaskStatuses, type TaskStatus } from './task-constants.ts';

export const taskDueWindows = ['all', 'overdue', 'this-week', 'next-30-days'] as const;
export type TaskDueWindow = (typeof taskDueWindows)[number];

export const taskDueWindowLabels: Record<TaskDueWindow, string> = {
  all: 'Any due date',
  overdue: 'Overdue',
  'this-week': 'Next 7 days',
  'next-30-days': 'Next 30 days',
};

/**
 * Days a window spans, today included: `this-week` (its name in links) is today and the six
 * days after it, as its label says, not the calendar week the reports count in.
 */
const WINDOW_DAYS = { 'this-week': 7, 'next-30-days': 30 } as const;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The formatter of `timeZone` for one use (`use` names its options), made once: making one is
 * slow, and a calendar, an export or a reminder scan formats thousands of dates. Only canonical
 * zone names come here (canonicalTimeZone), a few hundred at most.
 */
export function zoneFormatter(
  use: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${use} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** Reads an instant as the wall clock of `timeZone` (throws a RangeError for an unknown zone). */
const wallClock = (timeZone: string) => zoneFormatter('wall clock', timeZone, WALL_CLOCK);

/** The date and time `instant` shows on a clock in `timeZone`, as if that clock were UTC. */
function wallTime(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClock(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** How far the clocks of `timeZone` are ahead of UTC at `instant`, in milliseconds. */
const offsetAt = (instant: number, timeZone: string) =>
  wallTime(instant, timeZone) - (instant - (((instant % 1000) + 1000) % 1000));

const DAY = 86_400_000;

/**
 * Each zone's offset over the UTC days it holds all day (null: its clocks change that day), as
 * steadyOffsetAt finds them: at most STEADY_DAYS_KEPT days of all zones together (a few MB),
 * forgotten all at once past that.
 */
const steadyDays = new Map<string, Map<number, number | null>>();
const STEADY_DAYS_KEPT = 100_000;
let daysKept = 0;

/**
 * offsetAt, read once for a whole UTC day where the offset is the same at its first and last
 * second: the clocks change at most once in two days (onClocksOf), so then it holds all day. An
 * export writes 100,000 times, and a calendar feed its events' days, in a quarter of the time
 * reading each one's offset took.
 */
function steadyOffsetAt(instant: number, timeZone: string): number {
  if (daysKept >= STEADY_DAYS_KEPT) {
    steadyDays.clear();
    daysKept = 0;
  }
  let days = steadyDays.get(timeZone);
  if (!days) {
    days = new Map();
    steadyDays.set(timeZone, days);
  }
  const day = Math.floor(instant / DAY);
  let steady = days.get(day);
  if (steady === undefined) {
    const first = offsetAt(day * DAY, timeZone);
    steady = first === offsetAt(day * DAY + DAY - 1000, timeZone) ? first : null;
    days.set(day, steady);
    daysKept += 1;
  }
  return steady ?? offsetAt(instant, timeZone);
}

/** The date `instant` falls on in `timeZone`, as YYYY-MM-DD. */
export const localDate = (instant: Date, timeZone: string): string =>
  new Date(instant.getTime() + steadyOffsetAt(instant.getTime(), timeZone))
    .toISOString()
    .slice(0, 10);

/**
 * `instant` as ISO 8601 on the clocks of `timeZone`, with their offset
 * (2027-01-15T12:00:00+13:00): the day and time people there see, which reads back as the same
 * instant. Milliseconds only where there are some. An offset ISO 8601 cannot write (one of
 * seconds, as Monrovia's until 1972) gives the time in UTC instead.
 */
export function localIsoTime(instant: Date, timeZone: string): string {
  const at = instant.getTime();
  const offset = steadyOffsetAt(at, timeZone);
  if (offset % 60_000 !== 0) return instant.toISOString();
  const shown = new Date(at + offset).toISOString();
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const zone = `${offset < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${shown.slice(0, shown.endsWith('.000Z') ? -5 : -1)}${zone}`;
}

/**
 * The instant the clocks of `timeZone` show `wall` (a date and time written as if those clocks
 * were UTC: Date.UTC of what they show). Where they show it twice (the hour the clocks go back),
 * the first; where never (the hour they skip going forward), as much later as they skipped, as
 * browsers read such a time: 02:30 on the night New York goes forward is 03:30.
 */
export function onClocksOf(wall: number, timeZone: string): Date {
  // The offsets a day either side: the clocks change at most once between them.
  const before = wall - offsetAt(wall - DAY, timeZone);
  const after = wall - offsetAt(wall + DAY, timeZone);
  const shows = (instant: number) =>
    wallTime(instant, timeZone) === wall - (((wall % 1000) + 1000) % 1000);
  const shown = [before, after].filter(shows);
  return new Date(shown.length > 0 ? Math.min(...shown) : before);
}

/** Midnight in `timeZone` that starts the day `days` after the day `now` falls on there. */
export function startOfDay(now: Date, timeZone: string, days = 0): Date {
  const today = new Date(wallTime(now.getTime(), timeZone));
  // Where the clocks go forward at midnight (Santiago, Havana), the day has no midnight: it
  // begins when they go forward (onClocksOf).
  return onClocksOf(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days),
    timeZone,
  );
}

/**
 * The due dates a window takes, from `from` (included) to `before` (excluded): overdue is
 * anything due before today (for open work), the others start today. `null` for every date.
 */
export function dueWindowRange(
  window: TaskDueWindow,
  now: Date,
  timeZone: string,
): { from?: Date; before: Date } | null {
  if (window === 'all') return null;
  const today = startOfDay(now, timeZone);
  if (window === 'overdue') return { before: today };
  return { from: today, before: startOfDay(now, timeZone, WINDOW_DAYS[window]) };
}

/** A pending or in-progress task whose due day is over where the user is. */
export function isPastDue(
  task: { status: TaskStatus; dueDate: string | null },
  now: Date,
  timeZone: string,
): boolean {
  const open = (openTaskStatuses as readonly TaskStatus[]).includes(task.status);
  return open && task.dueDate !== null && new Date(task.dueDate) < startOfDay(now, timeZone);
}
