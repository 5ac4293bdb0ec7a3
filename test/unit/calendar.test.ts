import { describe, expect, it } from 'vitest';
import { eventSpan, googleCalendarUrl, icsFile } from '../../src/domain/calendar.ts';

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
