import { describe, expect, it } from 'vitest';
import { dashboardQuerySchema } from '../../src/domain/dashboard.ts';
import {
  dueWindowRange,
  isPastDue,
  localDate,
  localIsoTime,
  onClocksOf,
  startOfDay,
} from '../../src/domain/due-dates.ts';
import { taskBoardQuerySchema } from '../../src/domain/grants.ts';
import { canonicalTimeZone } from '../../src/domain/time-zone-names.ts';

const at = (iso: string) => new Date(iso);

describe('onClocksOf', () => {
  const shownAt = (wall: string, zone: string) =>
    onClocksOf(Date.parse(`${wall}Z`), zone).toISOString();

  it('is the instant the clocks show, its fraction of a second kept', () => {
    expect(shownAt('2027-06-01T17:45:30.500', 'America/New_York')).toBe('2027-06-01T21:45:30.500Z');
    expect(shownAt('2027-06-01T00:30:00.000', 'Pacific/Kiritimati')).toBe(
      '2027-05-31T10:30:00.000Z',
    );
  });

  it('takes the first of a time shown twice (clocks back), west and east of UTC', () => {
    // New York, 7 November 2027: 01:30 EDT, then 01:30 EST an hour later.
    expect(shownAt('2027-11-07T01:30:00.000', 'America/New_York')).toBe('2027-11-07T05:30:00.000Z');
    // Berlin, 31 October 2027: 02:30 CEST, then 02:30 CET.
    expect(shownAt('2027-10-31T02:30:00.000', 'Europe/Berlin')).toBe('2027-10-31T00:30:00.000Z');
  });

  it('moves a time the clocks skip (clocks forward) on by the hour skipped, west and east of UTC', () => {
    // New York, 14 March 2027: 02:30 is never shown; it is read as 03:30 EDT.
    expect(shownAt('2027-03-14T02:30:00.000', 'America/New_York')).toBe('2027-03-14T07:30:00.000Z');
    // Berlin, 28 March 2027: 02:30 is read as 03:30 CEST.
    expect(shownAt('2027-03-28T02:30:00.000', 'Europe/Berlin')).toBe('2027-03-28T01:30:00.000Z');
  });
});

describe('startOfDay', () => {
  it('is midnight where the user is, as an instant', () => {
    const now = at('2026-11-22T15:30:00Z');
    expect(startOfDay(now, 'UTC').toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(startOfDay(now, 'America/New_York').toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(startOfDay(now, 'Asia/Tokyo').toISOString()).toBe('2026-11-22T15:00:00.000Z');
    // Already the next day in Auckland (UTC+13 in summer).
    expect(startOfDay(now, 'Pacific/Auckland').toISOString()).toBe('2026-11-22T11:00:00.000Z');
    expect(startOfDay(now, 'Asia/Kolkata').toISOString()).toBe('2026-11-21T18:30:00.000Z');
  });

  it('is when the clocks go forward, on a day whose midnight they skip', () => {
    // Santiago, 6 September 2026, and Havana, 14 March 2027: from 00:00 the clocks show 01:00.
    expect(startOfDay(new Date('2026-09-06T12:00:00Z'), 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
    expect(startOfDay(new Date('2027-03-14T12:00:00Z'), 'America/Havana').toISOString()).toBe(
      '2027-03-14T05:00:00.000Z',
    );
    // The day before, and the day after, begin at their midnights.
    expect(startOfDay(new Date('2026-09-06T12:00:00Z'), 'America/Santiago', -1).toISOString()).toBe(
      '2026-09-05T04:00:00.000Z',
    );
    expect(startOfDay(new Date('2026-09-06T12:00:00Z'), 'America/Santiago', 1).toISOString()).toBe(
      '2026-09-07T03:00:00.000Z',
    );
  });

  it('counts days ahead across month ends and clock changes', () => {
    const now = at('2027-03-26T12:00:00Z');
    expect(startOfDay(now, 'UTC', 7).toISOString()).toBe('2027-04-02T00:00:00.000Z');
    // Paris moves from UTC+1 to UTC+2 on 28 March 2027.
    expect(startOfDay(now, 'Europe/Paris').toISOString()).toBe('2027-03-25T23:00:00.000Z');
    expect(startOfDay(now, 'Europe/Paris', 3).toISOString()).toBe('2027-03-28T22:00:00.000Z');
    expect(startOfDay(now, 'Europe/Paris', 2).toISOString()).toBe('2027-03-27T23:00:00.000Z');
  });
});

describe('dueWindowRange', () => {
  const now = at('2026-11-22T15:30:00Z');

  it('has no bounds for every due date', () => {
    expect(dueWindowRange('all', now, 'UTC')).toBeNull();
  });

  it('overdue is anything due before today', () => {
    expect(dueWindowRange('overdue', now, 'UTC')).toEqual({ before: at('2026-11-22T00:00Z') });
  });

  it('this week is today and the six days after; the next 30 days start today too', () => {
    expect(dueWindowRange('this-week', now, 'UTC')).toEqual({
      from: at('2026-11-22T00:00Z'),
      before: at('2026-11-29T00:00Z'),
    });
    expect(dueWindowRange('next-30-days', now, 'America/New_York')).toEqual({
      from: at('2026-11-22T05:00Z'),
      before: at('2026-12-22T05:00Z'),
    });
  });
});

describe('isPastDue', () => {
  const now = at('2026-11-22T15:30:00Z');
  const task = (status: 'pending' | 'in-progress' | 'completed' | 'overdue', dueDate: string) => ({
    status,
    dueDate,
  });

  it('is a pending or in-progress task due on a day that is over', () => {
    expect(isPastDue(task('pending', '2026-11-21T23:59:00Z'), now, 'UTC')).toBe(true);
    expect(isPastDue(task('in-progress', '2026-11-01T12:00:00Z'), now, 'UTC')).toBe(true);
  });

  it('is not a task due today, later, without a date, or already completed', () => {
    expect(isPastDue(task('pending', '2026-11-22T00:00:00Z'), now, 'UTC')).toBe(false);
    expect(isPastDue(task('pending', '2026-12-01T00:00:00Z'), now, 'UTC')).toBe(false);
    expect(isPastDue({ status: 'pending', dueDate: null }, now, 'UTC')).toBe(false);
    expect(isPastDue(task('completed', '2026-11-01T12:00:00Z'), now, 'UTC')).toBe(false);
  });

  it('follows the day where the user is', () => {
    // 03:00 UTC on the 22nd is still the evening of the 21st in New York.
    const due = task('pending', '2026-11-22T03:00:00Z');
    expect(isPastDue(due, now, 'UTC')).toBe(false);
    expect(isPastDue(due, now, 'America/New_York')).toBe(true);
  });
});

describe('canonicalTimeZone', () => {
  it('knows IANA names and UTC, spelled as the runtime spells them, and nothing else', () => {
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('europe/PARIS')).toBe('Europe/Paris');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Etc/GMT-11')).toBe('Etc/GMT-11');
    expect(canonicalTimeZone('Mars/Olympus')).toBeUndefined();
    // The runtime resolves these; PostgreSQL knows none of them.
    expect(canonicalTimeZone('SystemV/AST4')).toBeUndefined();
    expect(canonicalTimeZone('systemv/est5edt')).toBeUndefined();
    expect(canonicalTimeZone('+02:00')).toBeUndefined();
    expect(canonicalTimeZone('')).toBeUndefined();
  });
});

describe('the tz query parameter', () => {
  it('reaches the board and the dashboard spelled as the runtime spells it, whatever the case sent', () => {
    // Only canonical names are kept as formatters: a client varying the case keeps nothing.
    expect(taskBoardQuerySchema.parse({ tz: 'AMERICA/new_york' }).tz).toBe('America/New_York');
    expect(dashboardQuerySchema.parse({ tz: 'asia/TOKYO' }).tz).toBe('Asia/Tokyo');
    expect(taskBoardQuerySchema.safeParse({ tz: 'Mars/Olympus' }).error?.issues[0]?.message).toBe(
      'Unknown time zone',
    );
  });
});

describe('a time zone sent to the API', () => {
  it('is kept by the name the IANA database has now, as browsers of today send it', () => {
    const zone = (tz: string) => dashboardQuerySchema.parse({ tz }).tz;
    for (const [sent, kept] of [
      ['Asia/Kolkata', 'Asia/Kolkata'],
      ['asia/calcutta', 'Asia/Kolkata'],
      ['Europe/Kyiv', 'Europe/Kyiv'],
      ['Europe/Kiev', 'Europe/Kyiv'],
      ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
      ['europe/paris', 'Europe/Paris'],
    ] as const) {
      expect(zone(sent), sent).toBe(kept);
    }
  });
});

describe('localIsoTime: a time as the clocks of a time zone show it, with their offset', () => {
  it.each([
    ['2027-01-14T23:00:00.000Z', 'Pacific/Auckland', '2027-01-15T12:00:00+13:00'],
    ['2024-01-01T04:59:00.000Z', 'America/New_York', '2023-12-31T23:59:00-05:00'],
    ['2027-07-01T04:59:59.250Z', 'America/New_York', '2027-07-01T00:59:59.250-04:00'],
    ['2027-03-01T00:00:00.000Z', 'Asia/Kolkata', '2027-03-01T05:30:00+05:30'],
    ['2027-03-01T00:00:00.000Z', 'Pacific/Chatham', '2027-03-01T13:45:00+13:45'],
    ['2027-03-01T00:00:00.000Z', 'UTC', '2027-03-01T00:00:00+00:00'],
    // New York's clocks go back at 06:00 UTC: 01:30 comes twice, told apart by the offset.
    ['2027-11-07T05:30:00.000Z', 'America/New_York', '2027-11-07T01:30:00-04:00'],
    ['2027-11-07T06:30:00.000Z', 'America/New_York', '2027-11-07T01:30:00-05:00'],
    // Monrovia's clocks were 44 minutes 30 seconds behind UTC until 1972.
    ['1971-06-01T12:00:00.000Z', 'Africa/Monrovia', '1971-06-01T12:00:00.000Z'],
  ])('%s in %s is %s, the same instant', (instant, zone, shown) => {
    expect(localIsoTime(new Date(instant), zone)).toBe(shown);
    expect(new Date(shown).toISOString()).toBe(instant);
  });
});

describe('localIsoTime and localDate across the days the clocks change', () => {
  it.each([
    ['America/New_York', '2027-03-14T00:00:00Z'],
    ['America/New_York', '2027-11-07T00:00:00Z'],
    // Half an hour forward and back.
    ['Australia/Lord_Howe', '2027-04-03T00:00:00Z'],
    // Samoa skipped 30 December 2011 altogether.
    ['Pacific/Apia', '2011-12-29T00:00:00Z'],
    // Before 1970, nine minutes before midnight UTC: Algiers's clocks went from 00:09:21 ahead
    // of UTC to UTC.
    ['Africa/Algiers', '1911-03-10T00:00:00Z'],
    // Cairo's clocks change at 22:00 UTC.
    ['Africa/Cairo', '2027-04-29T00:00:00Z'],
  ])('shows in %s the time its clocks show, minute by minute, around %s', (zone, from) => {
    const clock = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const start = Date.parse(from) - 86_400_000;
    // Every minute, and a second before and after each, over three days: the instants written
    // otherwise than the zone's clocks show them, listed (one expect for all is the quicker).
    const wrong: string[] = [];
    for (let second = 0; second < 3 * 24 * 3600; second += second % 60 === 1 ? 58 : 1) {
      const instant = new Date(start + second * 1000);
      const shown = clock.format(instant).replace(', ', 'T');
      // An offset of seconds (Algiers's before 1911) is written in UTC instead.
      const written = localIsoTime(instant, zone);
      const time = written.endsWith('Z') ? written : written.slice(0, 19);
      const expected = written.endsWith('Z') ? instant.toISOString() : shown;
      if (time !== expected) wrong.push(`${instant.toISOString()}: ${time}, not ${expected}`);
      const day = localDate(instant, zone);
      if (day !== shown.slice(0, 10)) wrong.push(`${instant.toISOString()}: day ${day}`);
    }
    expect(wrong).toEqual([]);
  });
});
