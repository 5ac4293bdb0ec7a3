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

const lineOf = (entry: ActivityEntry, ofThisRecord: boolean) => {
  const { container, unmount } = render(
    <MantineProvider>
      <ActivityLine entry={entry} ofThisRecord={ofThisRecord} />
    </MantineProvider>,
  );
  const text = container.querySelector('p')?.textContent;
  unmount();
  return text;
};

describe('ActivityLine', () => {
  it("tells a merge by the name of the funder merged, on the kept funder's page and in the company's list", () => {
    expect(lineOf(merge, true)).toBe('Dana Director merged "Hill Fdn" into this funder · just now');
    expect(lineOf(merge, false)).toBe(
      'Dana Director merged "Hill Fdn" into the funder Hill Foundation · just now',
    );
  });
});
