import { describe, expect, it } from 'vitest';
import { dueInWords, reminderStage } from '../../src/domain/reminders.ts';
import { daysLeft, digestDay } from '../../src/server/modules/reminders/reminder-plan.ts';

describe('which reminder of a deadline is due', () => {
  it.each([
    [30, null],
    [14, 14],
    [10, 14],
    [7, 7],
    [2, 7],
    [1, 1],
    [0, 1],
    [-1, 'overdue'],
    [-2, null],
  ])('%i days left with 14, 7 and 1: %s', (left, stage) => {
    expect(reminderStage(left, [14, 7, 1])).toBe(stage);
  });

  it('sends overdue notices only when no days are chosen', () => {
    expect(reminderStage(3, [])).toBeNull();
    expect(reminderStage(-1, [])).toBe('overdue');
  });

  it('says it in words', () => {
    expect([3, 1, 0, -1].map(dueInWords)).toEqual([
      'due in 3 days',
      'due tomorrow',
      'due today',
      'overdue',
    ]);
  });
});

describe("the company's clock", () => {
  it('counts days where the company is, across a change of the clocks', () => {
    const now = new Date('2031-03-03T15:00:00Z'); // Monday 10:00 in New York
    expect(daysLeft(new Date('2031-03-11T03:00:00Z'), now, 'America/New_York')).toBe(7);
    expect(daysLeft(new Date('2031-03-11T03:00:00Z'), now, 'UTC')).toBe(8);
  });

  it('has the digest on Monday from 07:00 only', () => {
    expect(digestDay(new Date('2031-03-03T12:00:00Z'), 'America/New_York')).toBe('2031-03-03');
    expect(digestDay(new Date('2031-03-03T11:59:00Z'), 'America/New_York')).toBeNull();
    expect(digestDay(new Date('2031-03-04T12:00:00Z'), 'America/New_York')).toBeNull();
    // Still Sunday evening in Los Angeles when it is Monday morning in UTC.
    expect(digestDay(new Date('2031-03-03T08:00:00Z'), 'America/Los_Angeles')).toBeNull();
  });
});
