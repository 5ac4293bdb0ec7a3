import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type CalendarEvent, eventSpan, googleCalendarUrl } from '../../src/domain/calendar.ts';
import { icsCalendarParts, icsFile, icsSpan } from '../../src/domain/ics.ts';
import { inTurns } from '../../src/server/lib/turns.ts';

// These tests run with the machine's time zone; the all-day cases use local dates on purpose.
const localNoon = new Date(2026, 2, 15, 12, 0, 0);

describe('calendar links', () => {
  it('makes a deadline an all-day event on its own day', () => {
    expect(eventSpan({ title: 'Due', start: localNoon, allDay: true })).toEqual({
      start: '20260315',
      end: '20260316',
    });
  });

  it('ends an all-day event at the next day across a month end', () => {
    const lastOfMonth = new Date(2026, 0, 31, 9, 0);
    expect(eventSpan({ title: 'Due', start: lastOfMonth, allDay: true })).toEqual({
      start: '20260131',
      end: '20260201',
    });
  });

  it("puts an all-day event on its day in the time zone it names (a subscription's reader's)", () => {
    const lateOnNewYearsEve = new Date('2031-12-31T23:30:00Z');
    expect(
      icsSpan({ title: 'Due', start: lateOnNewYearsEve, allDay: true, timeZone: 'Asia/Tokyo' }),
    ).toEqual({ start: '20320101', end: '20320102' });
    expect(
      icsSpan({ title: 'Due', start: lateOnNewYearsEve, allDay: true, timeZone: 'UTC' }),
    ).toEqual({ start: '20311231', end: '20320101' });
    const leapDay = new Date('2028-02-29T05:00:00Z');
    expect(
      icsSpan({ title: 'Due', start: leapDay, allDay: true, timeZone: 'America/New_York' }),
    ).toEqual({ start: '20280229', end: '20280301' });
  });

  it('gives a timed event one hour by default, in UTC', () => {
    const start = new Date('2026-03-15T14:30:00Z');
    expect(eventSpan({ title: 'Call', start, allDay: false })).toEqual({
      start: '20260315T143000Z',
      end: '20260315T153000Z',
    });
    expect(eventSpan({ title: 'Call', start, allDay: false, durationMinutes: 30 }).end).toBe(
      '20260315T150000Z',
    );
  });

  it('builds a Google Calendar link with the title, dates and details', () => {
    const url = new URL(
      googleCalendarUrl({
        title: 'River grant due',
        details: 'Funder: River Trust',
        start: localNoon,
        allDay: true,
      }),
    );
    expect(url.origin).toBe('https://calendar.google.com');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('River grant due');
    expect(url.searchParams.get('dates')).toBe('20260315/20260316');
    expect(url.searchParams.get('details')).toBe('Funder: River Trust');
  });

  it('writes an iCalendar file with date values for all-day events and escaped text', () => {
    const ics = icsFile(
      { title: 'Report, final; v2', details: 'Line 1\nLine 2', start: localNoon, allDay: true },
      'grant-7@grantwell',
      new Date('2026-01-01T00:00:00Z'),
    );
    const lines = ics.trim().split('\r\n');
    expect(lines).toContain('DTSTART;VALUE=DATE:20260315');
    expect(lines).toContain('DTEND;VALUE=DATE:20260316');
    expect(lines).toContain('SUMMARY:Report\\, final\\; v2');
    expect(lines).toContain('DESCRIPTION:Line 1\\nLine 2');
    expect(lines).toContain('UID:grant-7@grantwell');
    expect(lines).toContain('DTSTAMP:20260101T000000Z');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
  });

  it('writes UTC times for timed events', () => {
    const ics = icsFile(
      { title: 'Call', start: new Date('2026-03-15T14:30:00Z'), allDay: false },
      'x',
    );
    expect(ics).toContain('DTSTART:20260315T143000Z\r\n');
    expect(ics).toContain('DTEND:20260315T153000Z\r\n');
  });
});

const octets = (line: string) => new TextEncoder().encode(line).length;

/** The physical lines of a file: it must end with CRLF, and no other CR or LF may appear. */
function physicalLines(ics: string): string[] {
  expect(ics.endsWith('\r\n')).toBe(true);
  const lines = ics.slice(0, -2).split('\r\n');
  for (const line of lines) expect(line).not.toMatch(/[\r\n]/);
  return lines;
}

/**
 * The events as a calendar application reads them. Some readers end a line at any CR or LF,
 * so the file is read that way: a raw line break in a text must not start a property.
 */
function readEvents(ics: string): ICAL.Component[] {
  const anyLineBreakEndsALine = ics.replace(/\r\n|\r|\n/g, '\r\n');
  return new ICAL.Component(ICAL.parse(anyLineBreakEndsALine)).getAllSubcomponents('vevent');
}

function readOneEvent(event: CalendarEvent): ICAL.Component {
  const ics = icsFile(event, 'grant-1@grantwell');
  for (const line of physicalLines(ics)) expect(octets(line)).toBeLessThanOrEqual(75);
  const events = readEvents(ics);
  expect(events).toHaveLength(1);
  const [only] = events;
  if (!only) throw new Error('no event');
  return only;
}

/** RFC 5545 has one escape for a line break (`\n`): CRLF and a bare CR come back as LF. */
const asRead = (text: string) => text.replace(/\r\n|\r/g, '\n');

describe('iCalendar files (RFC 5545)', () => {
  const awkwardTexts = [
    'back\\slash \\n not a line break',
    'semi;colon',
    'com,ma',
    'carriage\rreturn',
    'line\nfeed',
    'crlf\r\nline',
    'all of them: \\;,\r\n\r\n,;\\',
    '\\\\;;,,\n\n',
    `${'Déjà vu à Zürich, 🎉👩🏽‍🔬 Ünïcödé; '.repeat(20)}end`,
    '🎉'.repeat(100),
    `${'a'.repeat(74)}é${'b'.repeat(73)}🎉`,
  ];

  for (const text of awkwardTexts) {
    it(`reads back ${JSON.stringify(text.slice(0, 30))} as written`, () => {
      const event = readOneEvent({ title: text, details: text, start: localNoon, allDay: true });
      expect(event.getFirstPropertyValue('summary')).toBe(asRead(text));
      expect(event.getFirstPropertyValue('description')).toBe(asRead(text));
    });
  }

  it('lets no line break in a name add a property or an event', () => {
    for (const lineBreak of ['\r', '\n', '\r\n']) {
      const title = `x${lineBreak}ATTENDEE:mailto:evil@example.org`;
      const details = `y${lineBreak}END:VEVENT${lineBreak}BEGIN:VEVENT${lineBreak}SUMMARY:z`;
      const event = readOneEvent({ title, details, start: localNoon, allDay: false });
      expect(event.getAllProperties('attendee')).toHaveLength(0);
      expect(event.getAllProperties('summary')).toHaveLength(1);
      expect(event.getFirstPropertyValue('summary')).toBe(asRead(title));
      expect(event.getFirstPropertyValue('description')).toBe(asRead(details));
    }
  });

  it('ends every line with CRLF and folds it at 75 octets, never inside a character', () => {
    const title = `${'Ünïcödé 🎉 '.repeat(30)}${'x'.repeat(200)}`;
    const lines = physicalLines(
      icsFile({ title, details: 'é'.repeat(300), start: localNoon, allDay: true }, 'uid'),
    );
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      // A split surrogate pair would be a lone surrogate on each side of the fold.
      expect(line).not.toMatch(/\p{Cs}/u);
    }
    const continuations = lines.filter((line) => line.startsWith(' '));
    expect(continuations.length).toBeGreaterThan(10);
    // Folding fills each line: a fold only where the next character would pass 75 octets.
    expect(Math.max(...lines.map(octets))).toBeGreaterThanOrEqual(72);
  });

  it('drops control characters that TEXT cannot hold and keeps tabs', () => {
    const title = 'a\u0000b\u0007c\u001bd\u0085e\u007ff\tg';
    const event = readOneEvent({ title, start: localNoon, allDay: true });
    expect(event.getFirstPropertyValue('summary')).toBe('abcdef\tg');
  });

  it('writes a lone surrogate as U+FFFD, so the file can be encoded as UTF-8', () => {
    const title = 'half \uD83C pair';
    const ics = icsFile({ title, start: localNoon, allDay: true }, 'u');
    expect(() => encodeURIComponent(ics)).not.toThrow();
    expect(readEvents(ics)[0]?.getFirstPropertyValue('summary')).toBe('half \uFFFD pair');
  });

  it('round-trips any text through an iCalendar parser', () => {
    const unit = fc.oneof(
      fc.constantFrom('\\', ';', ',', '\r', '\n', '\r\n', ' ', 'é', '🎉', 'n', 'N', ':'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 120 }), (text) => {
        const ics = icsFile({ title: text, details: text, start: localNoon, allDay: true }, 'u');
        for (const line of physicalLines(ics)) expect(octets(line)).toBeLessThanOrEqual(75);
        const events = readEvents(ics);
        expect(events).toHaveLength(1);
        expect(events[0]?.getFirstPropertyValue('summary')).toBe(asRead(text));
        if (text) expect(events[0]?.getFirstPropertyValue('description')).toBe(asRead(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe('a subscription of many deadlines', () => {
  const many = Array.from({ length: 1_001 }, (_, i) => ({
    uid: `grant-${i}@grantwell`,
    event: {
      title: `Grant ${i} due`,
      start: new Date(Date.UTC(2027, 0, 1, 13) + i * 86_400_000),
      allDay: true,
      timeZone: 'Pacific/Auckland',
    },
  }));

  it('is written in parts of a few hundred events, which together are the whole file', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const parts = [...icsCalendarParts(many, now, 'Deadlines')];
    // The head, five parts of events (250 each, the last one event), the end.
    expect(parts).toHaveLength(7);
    // Each part ends where a line ends; the events' parts hold whole events, 250 at most.
    expect(parts[0]).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*X-WR-CALNAME:Deadlines\r\n$/);
    for (const part of parts.slice(1, -1)) {
      expect(part).toMatch(/^BEGIN:VEVENT\r\n[\s\S]*\r\nEND:VEVENT\r\n$/);
      expect(part.split('BEGIN:VEVENT').length - 1).toBeLessThanOrEqual(250);
    }
    expect(parts.at(-1)).toBe('END:VCALENDAR\r\n');
    const calendar = new ICAL.Component(ICAL.parse(parts.join('')));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events).toHaveLength(1_001);
    expect(events[1_000]?.uid).toBe('grant-1000@grantwell');
    // 2029-09-27T13:00Z is one in the morning of the 28th in Auckland.
    expect(events[1_000]?.startDate.toString()).toBe('2029-09-28');
  });

  it('lets the server serve others between its parts', async () => {
    const order: string[] = [];
    const served = new Promise<void>((resolve) =>
      setImmediate(() => {
        order.push('another request');
        resolve();
      }),
    );
    for await (const part of inTurns(['head', 'events', 'end'])) order.push(part);
    await served;
    expect(order.indexOf('another request')).toBeLessThan(order.indexOf('end'));
  });
});
