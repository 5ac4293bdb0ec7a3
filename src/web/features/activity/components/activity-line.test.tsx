import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../../domain/activity.ts';
import { ActivityLine } from './activity-line.tsx';

const merge: ActivityEntry = {
  id: 7,
  entity: 'funder',
  entityId: 3,
  action: 'merged',
  actorId: 1,
  actorName: 'Dana Director',
  title: 'Hill Foundation',
  changes: [{ field: 'name', before: 'Hill Fdn', after: 'Hill Foundation' }],
  createdAt: new Date().toISOString(),
};

const lineOf = (
  entry: ActivityEntry,
  ofThisRecord: boolean,
  members?: ReadonlyMap<number, string>,
) => {
  const { container, unmount } = render(
    <MantineProvider>
      <ActivityLine entry={entry} ofThisRecord={ofThisRecord} members={members} />
    </MantineProvider>,
  );
  const text = container.querySelector('p')?.textContent;
  unmount();
  return text;
};

describe('ActivityLine', () => {
  it('isolates the names from the words around them, so one written right to left keeps its place', () => {
    const created: ActivityEntry = {
      ...merge,
      entity: 'contact',
      action: 'created',
      actorName: 'ليلى',
      title: 'سارة أحمد',
      changes: null,
      createdAt: new Date(Date.now() - 60_000).toISOString(),
    };
    const { container, unmount } = render(
      <MantineProvider>
        <ActivityLine entry={created} ofThisRecord={false} />
      </MantineProvider>,
    );
    const isolated = [...container.querySelectorAll('bdi')].map((node) => node.textContent);
    unmount();
    // The actor, and the words with the record's name: the time after them is outside both.
    expect(isolated).toEqual(['ليلى', 'created the contact سارة أحمد']);
  });

  it("tells a merge by the name of the funder merged, on the kept funder's page and in the company's list", () => {
    expect(lineOf(merge, true)).toBe('Dana Director merged "Hill Fdn" into this funder · just now');
    expect(lineOf(merge, false)).toBe(
      'Dana Director merged "Hill Fdn" into the funder Hill Foundation · just now',
    );
  });

  it('tells a task given to another member by their names, "nobody" for none and "a former member" for one removed', () => {
    const reassigned: ActivityEntry = {
      ...merge,
      entity: 'task',
      action: 'updated',
      title: 'Draft budget',
      changes: [
        { field: 'assignee_id', before: 4, after: 5 },
        { field: 'status', before: 'pending', after: 'in-progress' },
      ],
    };
    const team = new Map([
      [4, 'Ada Lovelace'],
      [5, 'Bo Diddley'],
    ]);
    expect(lineOf(reassigned, false, team)).toBe(
      'Dana Director changed the task Draft budget: Assignee from Ada Lovelace to Bo Diddley, Status from Pending to In Progress · just now',
    );
    const unassigned = {
      ...reassigned,
      changes: [{ field: 'assignee_id', before: 9, after: null }],
    };
    expect(lineOf(unassigned, true, team)).toBe(
      'Dana Director changed Assignee from a former member to nobody · just now',
    );
    // Another kind of record named by its id is told by its label alone.
    const moved = { ...reassigned, changes: [{ field: 'contact_id', before: 1, after: 2 }] };
    expect(lineOf(moved, true, team)).toBe('Dana Director changed Contact · just now');
    // Until the team is read, no one is said to be a former member.
    expect(lineOf(unassigned, true)).toBe('Dana Director changed Assignee · just now');
  });

  it('tells a time moved within its day by its time', () => {
    const moved: ActivityEntry = {
      ...merge,
      entity: 'requirement',
      action: 'updated',
      title: 'Final report',
      changes: [
        {
          field: 'due_date',
          before: '2027-03-14T09:00:00.000Z',
          after: '2027-03-14T16:30:00.000Z',
        },
      ],
    };
    const shown = (iso: string) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(
        new Date(iso),
      );
    expect(lineOf(moved, true)).toContain(
      `Due date from ${shown('2027-03-14T09:00:00.000Z')} to ${shown('2027-03-14T16:30:00.000Z')}`,
    );
  });
});
