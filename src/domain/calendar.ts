import { taskTitle } from './task-constants.ts';

/**
 * Add-to-calendar links (SPEC §9): a deadline is an all-day event on its day; a timed event
 * lasts one hour unless it says otherwise.
 */
export interface CalendarEvent {
  title: string;
  details?: string | undefined;
  start: Date;
  allDay: boolean;
  /** Minutes; timed events only. */
  durationMinutes?: number;
  /**
   * The IANA time zone whose day an all-day event falls on, for the .ics writer (./ics.ts): a
   * calendar subscription, written by the server, names its reader's. Left out, and always in
   * eventSpan, the day is where the user is (a page's links).
   */
  timeZone?: string | undefined;
}

const ONE_HOUR = 60;
export const pad = (n: number) => String(n).padStart(2, '0');

/** YYYYMMDD of the day the instant falls on, where the user is. */
const localDay = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

/** YYYYMMDDTHHMMSSZ in UTC. */
export const utcStamp = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;

/** Start and (exclusive) end as calendar values: dates for all-day events, UTC times otherwise. */
export function eventSpan(event: CalendarEvent): { start: string; end: string } {
  if (event.allDay) {
    const next = new Date(event.start);
    next.setDate(next.getDate() + 1);
    return { start: localDay(event.start), end: localDay(next) };
  }
  const end = new Date(event.start.getTime() + (event.durationMinutes ?? ONE_HOUR) * 60_000);
  return { start: utcStamp(event.start), end: utcStamp(end) };
}

export function googleCalendarUrl(event: CalendarEvent): string {
  const { start, end } = eventSpan(event);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${start}/${end}`,
  });
  if (event.details) params.set('details', event.details);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/**
 * A task's due date as an all-day event named after the task and its grant, with the id that
 * keeps the same task one event in a calendar however often it is added.
 */
export const taskDeadline = (
  task: { id: number; name: string; description: string },
  grantName: string,
  dueDate: string,
): { event: CalendarEvent; uid: string } => ({
  uid: `task-${task.id}@grantwell`,
  event: {
    title: taskTitle(task, grantName),
    details: task.description,
    start: new Date(dueDate),
    allDay: true,
  },
});
