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
}

const ONE_HOUR = 60;
const pad = (n: number) => String(n).padStart(2, '0');

/** YYYYMMDD of the day the instant falls on, where the user is. */
const localDay = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

/** YYYYMMDDTHHMMSSZ in UTC. */
const utcStamp = (d: Date) =>
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

/** RFC 5545 text escaping. */
const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A one-event iCalendar file, for any calendar application. */
export function icsFile(event: CalendarEvent, uid: string, now = new Date()): string {
  const { start, end } = eventSpan(event);
  const dateProperty = (name: string, value: string) =>
    event.allDay ? `${name};VALUE=DATE:${value}` : `${name}:${value}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Grantwell//Grantwell CRM//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    dateProperty('DTSTART', start),
    dateProperty('DTEND', end),
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.details ? [`DESCRIPTION:${escapeText(event.details)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
