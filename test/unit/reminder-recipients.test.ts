import { describe, expect, it } from 'vitest';
import {
  DIGEST_COMING_LISTED,
  DIGEST_OVERDUE_LISTED,
  type Member,
  type OpenDeadline,
  plannedDigests,
  plannedReminders,
} from '../../src/server/modules/reminders/reminder-plan.ts';

const now = new Date('2026-11-24T09:00:00Z');
const clock = { timeZone: 'UTC', reminderDays: [14, 7, 1] };
const member = (id: number, role: Member['role'], remindersEnabled = true): Member => ({
  id,
  role,
  remindersEnabled,
  digestEnabled: true,
});
/** Three admins (one who turned reminders off) and two users. */
const team = [
  member(1, 'admin'),
  member(2, 'admin'),
  member(3, 'admin', false),
  member(4, 'user'),
  member(5, 'user'),
];
/** A deadline of each kind due in 7 days. */
const due = (kind: OpenDeadline['kind'], assigneeId: number | null): OpenDeadline => ({
  kind,
  id: 9,
  name: `A ${kind}`,
  grantId: 9,
  grantName: 'Roof',
  type: kind === 'requirement' ? 'budget' : null,
  assigneeId,
  dueDate: new Date('2026-12-01T12:00:00Z'),
});
const whom = (deadline: OpenDeadline) =>
  plannedReminders([deadline], team, clock, now).map((reminder) => reminder.userId);

describe('who is reminded of a deadline', () => {
  it.each(['grant', 'task', 'requirement'] as const)(
    'an unassigned %s: every admin who takes reminders, no user',
    (kind) => {
      expect(whom(due(kind, null))).toEqual([1, 2]);
    },
  );

  it.each(['task', 'requirement'] as const)('an assigned %s: its assignee only', (kind) => {
    expect(whom(due(kind, 5))).toEqual([5]);
    expect(whom(due(kind, 2))).toEqual([2]);
  });

  it('an assignee who turned reminders off hears nothing, and the admins are not told instead', () => {
    expect(whom(due('task', 3))).toEqual([]);
  });

  it('work whose assignee has left the company goes to the admins', () => {
    expect(whom(due('requirement', 99))).toEqual([1, 2]);
  });

  it('each reminder of one deadline and stage has one key, whoever hears it', () => {
    const keys = plannedReminders([due('grant', null)], team, clock, now).map((r) => r.key);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe('grant:9:2026-12-01:7');
  });
});

describe("Monday's digest", () => {
  // Monday 30 November 2026, 09:00 UTC.
  const monday = new Date('2026-11-30T09:00:00Z');
  const dueOn = (id: number, day: string): OpenDeadline => ({
    ...due('grant', null),
    id,
    name: `Grant ${id}`,
    dueDate: new Date(`${day}T12:00:00Z`),
  });

  it('lists the latest overdue work and counts the rest, above what is coming', () => {
    // 25 grants overdue since January 2020 (one a month), and one due on Thursday.
    const overdue = Array.from({ length: 25 }, (_, i) =>
      dueOn(i + 1, new Date(Date.UTC(2020, i, 1)).toISOString().slice(0, 10)),
    );
    const [digest] = plannedDigests(
      [...overdue, dueOn(99, '2026-12-03')],
      [member(1, 'admin')],
      clock,
      monday,
    );
    expect(digest?.title).toBe('This week: 1 deadline in the next 14 days, 25 overdue');
    const lines = digest?.body.split('\n') ?? [];
    expect(lines).toHaveLength(1 + DIGEST_OVERDUE_LISTED + 1);
    expect(lines[0]).toBe('15 more overdue, due before these: see the dashboard');
    expect(lines.at(-1)).toBe('Thu, Dec 3, 2026 · Grant 99 · Grant deadline');
    // The ten latest overdue, Grant 16 to Grant 25, in due order.
    expect(lines.slice(1, -1).map((line) => line.split(' · ')[1])).toEqual(
      Array.from({ length: DIGEST_OVERDUE_LISTED }, (_, i) => `Grant ${16 + i}`),
    );
    expect(lines.slice(1, -1).every((line) => line.endsWith(' · overdue'))).toBe(true);
  });

  it('lists every overdue deadline when there are few', () => {
    const [digest] = plannedDigests([dueOn(1, '2026-11-20')], [member(1, 'admin')], clock, monday);
    expect(digest?.body.split('\n')).toEqual([
      'Fri, Nov 20, 2026 · Grant 1 · Grant deadline · overdue',
    ]);
  });

  it('lists the soonest deadlines of a busy fortnight and counts the rest, below them', () => {
    // 130 tasks due over the next 13 days, ten a day, and one grant overdue.
    const coming = Array.from({ length: 130 }, (_, i) =>
      dueOn(i + 1, new Date(Date.UTC(2026, 11, 1 + Math.floor(i / 10))).toISOString().slice(0, 10)),
    );
    const [digest] = plannedDigests(
      [dueOn(999, '2026-11-20'), ...coming],
      [member(1, 'admin')],
      clock,
      monday,
    );
    expect(digest?.title).toBe('This week: 130 deadlines in the next 14 days, 1 overdue');
    const lines = digest?.body.split('\n') ?? [];
    expect(lines).toHaveLength(1 + DIGEST_COMING_LISTED + 1);
    expect(lines[0]).toBe('Fri, Nov 20, 2026 · Grant 999 · Grant deadline · overdue');
    expect(lines.slice(1, -1).map((line) => line.split(' · ')[1])).toEqual(
      Array.from({ length: DIGEST_COMING_LISTED }, (_, i) => `Grant ${i + 1}`),
    );
    expect(lines.at(-1)).toBe('80 more due in the next 14 days, after these');
  });
});
