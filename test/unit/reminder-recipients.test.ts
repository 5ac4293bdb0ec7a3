import { describe, expect, it } from 'vitest';
import {
  type Member,
  type OpenDeadline,
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
