// iCalendar files (RFC 5545): the .ics download of one deadline, and a company's calendar
// subscription. Apart from ./calendar.ts, so pages that only show calendar links load the
// writer when a file is first asked for.
import { type CalendarEvent, eventSpan, pad, utcStamp } from './calendar.ts';
import { localDate } from './due-dates.ts';

/** What escapeText changes: a character it escapes, drops or replaces. */
const NEEDS_ESCAPING = /[\\;,\p{Cc}\p{Cs}]/u;

/**
 * RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma are escaped, and every line break
 * (CRLF, LF or a bare CR) becomes `\n`: a raw CR would end the content line for some readers and
 * let a name add properties of its own. Other control characters have no escape and are dropped
 * (tab is allowed), C1 ones too since some readers end a line at NEL (U+0085); a lone surrogate
 * cannot be written in UTF-8, so it becomes U+FFFD as an encoder would make it.
 */
const escapeText = (text: string) =>
  // Most names need none of it, and a subscription writes tens of thousands of them.
  !NEEDS_ESCAPING.test(text)
    ? text
    : text
        .replace(/\p{Cs}/gu, '\uFFFD')
        .replace(/[\\;,]/g, (char) => `\\${char}`)
        .replace(/\r\n|\r|\n/g, '\\n')
        .replace(/(?!\t)\p{Cc}/gu, '');

/** RFC 5545 §3.1: a content line is at most 75 octets, line break excluded. */
const LINE_OCTETS = 75;

/** Octets of one code point in UTF-8 (a lone surrogate is written as U+FFFD: 3 octets). */
const utf8Length = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * Folds a content line into physical lines of at most 75 octets; each continuation begins with
 * one space (which counts). Breaks fall between code points, never inside a UTF-8 sequence.
 */
function foldLine(line: string): string[] {
  // Most lines are short and plain ASCII (an octet a character), and need no folding: with
  // escapeText's shortcut, a calendar of 32,500 deadlines is written in 160 ms instead of 260.
  if (line.length <= LINE_OCTETS && !/[\u0080-\uffff]/.test(line)) return [line];
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    if (octets + size > LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines;
}

/** An event of a calendar file, with the id that keeps it one event however often it is read. */
interface CalendarEntry {
  event: CalendarEvent;
  uid: string;
}

/** YYYYMMDD of the day the instant falls on in `timeZone`. */
const dayIn = (d: Date, timeZone: string): string => localDate(d, timeZone).replaceAll('-', '');

/** YYYYMMDD of the day after a YYYYMMDD day. */
function nextDay(day: string): string {
  const next = new Date(
    Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8)) + 1),
  );
  return `${next.getUTCFullYear()}${pad(next.getUTCMonth() + 1)}${pad(next.getUTCDate())}`;
}

/** The event's start and end as written: an all-day event naming a zone falls on its day there. */
export function icsSpan(event: CalendarEvent): { start: string; end: string } {
  if (!event.allDay || event.timeZone === undefined) return eventSpan(event);
  const start = dayIn(event.start, event.timeZone);
  return { start, end: nextDay(start) };
}

/** One VEVENT's content lines. */
function eventLines({ event, uid }: CalendarEntry, now: Date): string[] {
  const { start, end } = icsSpan(event);
  const dateProperty = (name: string, value: string) =>
    event.allDay ? `${name};VALUE=DATE:${value}` : `${name}:${value}`;
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(uid)}`,
    `DTSTAMP:${utcStamp(now)}`,
    dateProperty('DTSTART', start),
    dateProperty('DTEND', end),
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.details ? [`DESCRIPTION:${escapeText(event.details)}`] : []),
    'END:VEVENT',
  ];
}

/** Content lines as written: folded, each ended by CRLF. */
const written = (lines: string[]) => `${lines.flatMap(foldLine).join('\r\n')}\r\n`;

/** How many events a part of a calendar file holds (icsCalendarParts). */
const EVENTS_PER_PART = 250;

/**
 * An iCalendar file of `entries` in parts, each made as it is asked for: its head, then a few
 * hundred events at a time, then its end. A server writes a subscription of thousands of
 * deadlines part by part, serving other requests in between.
 */
export function* icsCalendarParts(
  entries: CalendarEntry[],
  now = new Date(),
  name?: string,
): Generator<string> {
  yield written([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Grantwell//Grantwell CRM//EN',
    'CALSCALE:GREGORIAN',
    ...(name ? ['METHOD:PUBLISH', `X-WR-CALNAME:${escapeText(name)}`] : []),
  ]);
  for (let first = 0; first < entries.length; first += EVENTS_PER_PART) {
    const part = entries.slice(first, first + EVENTS_PER_PART);
    yield written(part.flatMap((entry) => eventLines(entry, now)));
  }
  yield written(['END:VCALENDAR']);
}

/**
 * An iCalendar file of `entries`, for any calendar application: CRLF line ends, folded lines.
 * With `name`, calendar applications that subscribe to it show that name.
 */
export const icsCalendar = (entries: CalendarEntry[], now = new Date(), name?: string): string =>
  [...icsCalendarParts(entries, now, name)].join('');

/** A one-event iCalendar file (the .ics download of one deadline). */
export const icsFile = (event: CalendarEvent, uid: string, now = new Date()): string =>
  icsCalendar([{ event, uid }], now);

/** The deadlines of a company, as its calendar subscription shows them. */
export interface CompanyDeadlines {
  grants: { id: number; name: string; funder: string; dueDate: Date; status: string }[];
  tasks: { id: number; name: string; description: string; dueDate: Date; grantName: string }[];
  requirements: {
    id: number;
    name: string;
    typeLabel: string;
    statusLabel: string;
    dueDate: Date;
    grantName: string;
  }[];
}

/**
 * Each deadline as an all-day event on its day in `timeZone` (the reader's), as the page's
 * calendar links make it, with the uid those links give the same deadline.
 */
export function deadlineEntries(
  { grants, tasks, requirements }: CompanyDeadlines,
  timeZone: string,
): CalendarEntry[] {
  const at = (start: Date) => ({ start, allDay: true, timeZone });
  return [
    ...grants.map((grant) => ({
      uid: `grant-${grant.id}@grantwell`,
      event: {
        title: `${grant.name} due`,
        details: `Funder: ${grant.funder}`,
        ...at(grant.dueDate),
      },
    })),
    ...tasks.map((task) => ({
      uid: `task-${task.id}@grantwell`,
      event: {
        title: `${task.name} (${task.grantName})`,
        details: task.description,
        ...at(task.dueDate),
      },
    })),
    ...requirements.map((requirement) => ({
      uid: `requirement-${requirement.id}@grantwell`,
      event: {
        title: `${requirement.typeLabel}: ${requirement.name} (${requirement.grantName})`,
        details: `Status: ${requirement.statusLabel}`,
        ...at(requirement.dueDate),
      },
    })),
  ];
}
