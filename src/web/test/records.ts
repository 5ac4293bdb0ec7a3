import type { Funder } from '../../domain/funders.ts';
import type { Task } from '../../domain/grants.ts';

/** What every record of the signed-in user's company (render.tsx) answers besides its fields. */
export const stamps = {
  companyId: 1,
  createdAt: '2026-11-01T09:30:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  createdBy: null,
};

/** A funder of the signed-in user's company (render.tsx), named `name`, with nothing on it. */
export const aFunder = (id: number, name: string): Funder => ({
  id,
  name,
  type: null,
  website: null,
  notes: null,
  grantCount: 0,
  opportunityCount: 0,
  contactCount: 0,
  companyId: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
});

/** A pending task of grant 4, 'Write the report', assigned to no one. */
export const aTask: Task = {
  ...stamps,
  id: 9,
  grantId: 4,
  name: 'Write the report',
  description: 'Outcomes of the first year',
  category: 'submission',
  dueDate: '2030-06-01T10:00:00.000Z',
  status: 'pending',
  assigneeId: null,
};
