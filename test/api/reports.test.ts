import { describe, expect, it, vi } from 'vitest';
import { localDate, startOfDay } from '../../src/domain/due-dates.ts';
import type { Reports } from '../../src/domain/reports.ts';
import { registerCompany } from '../helpers/factories.ts';
import { withTableHolder } from '../helpers/held-table.ts';
import { clientFor, setCompanyTimeZone } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

const app = await appForThisFile();

const DAY = 86_400_000;

describe('reports', () => {
  it('sums requested and awarded by status, year and funder, with win rates, awards by month and deadlines by week', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    const grant = async (body: Record<string, unknown>) => {
      const response = await client.post('/api/grants', { amount: 1000, ...body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>();
    };
    await grant({
      name: 'A',
      funder: 'Hill Foundation',
      amount: 50_000,
      dueDate: '2025-03-01T12:00:00Z',
      status: 'awarded',
      awardedAmount: 40_000,
      awardedDate: '2025-05-10T12:00:00Z',
    });
    await grant({
      name: 'B',
      funder: ' hill foundation',
      amount: 20_000,
      dueDate: '2025-06-01T12:00:00Z',
      status: 'rejected',
    });
    // Awarded without an award's amount or date: what was asked for, in the due date's month.
    await grant({
      name: 'C',
      funder: 'River Trust',
      amount: 10_000,
      dueDate: '2025-09-15T12:00:00Z',
      status: 'awarded',
    });
    const soon = await grant({
      name: 'D',
      funder: 'River Trust',
      amount: 5_000,
      dueDate: new Date(Date.now() + DAY).toISOString(),
      status: 'submitted',
    });
    await client.post(`/api/grants/${soon.id}/tasks`, {
      name: 'Call',
      description: 'Call the officer',
      category: 'outreach',
      dueDate: new Date(Date.now() + 8 * DAY).toISOString(),
    });
    // Marked overdue, it is still work to do that week; done, it is no deadline.
    await client.post(`/api/grants/${soon.id}/tasks`, {
      name: 'Letters',
      description: 'Late already',
      category: 'proposal',
      dueDate: new Date(Date.now() + 9 * DAY).toISOString(),
      status: 'overdue',
    });
    await client.post(`/api/grants/${soon.id}/tasks`, {
      name: 'Draft',
      description: 'Done',
      category: 'proposal',
      dueDate: new Date(Date.now() + 9 * DAY).toISOString(),
      status: 'completed',
    });
    await client.post(`/api/grants/${soon.id}/requirements`, {
      name: 'Budget',
      type: 'budget',
      dueDate: new Date(Date.now() + 2 * DAY).toISOString(),
    });

    const response = await client.get('/api/reports?year=2025');
    expect(response.statusCode).toBe(200);
    const reports = response.json<Reports>();
    expect(reports.year).toBe(2025);
    expect(reports.byStatus.find((s) => s.status === 'awarded')).toEqual({
      status: 'awarded',
      count: 2,
      requested: 60_000,
      awarded: 50_000,
    });
    expect(reports.byStatus.map((s) => s.status)).toEqual([
      'draft',
      'in-progress',
      'submitted',
      'awarded',
      'rejected',
    ]);
    expect(reports.byYear.find((y) => y.year === 2025)).toEqual({
      year: 2025,
      requested: 80_000,
      awarded: 50_000,
      awardedCount: 2,
      decidedCount: 3,
      winRate: 2 / 3,
    });
    expect(reports.byFunder).toEqual([
      {
        funder: 'Hill Foundation',
        requested: 70_000,
        awarded: 40_000,
        awardedCount: 1,
        decidedCount: 2,
        winRate: 0.5,
      },
      {
        funder: 'River Trust',
        requested: 15_000,
        awarded: 10_000,
        awardedCount: 1,
        decidedCount: 1,
        winRate: 1,
      },
    ]);
    expect(reports.awardedByMonth).toHaveLength(12);
    expect(reports.awardedByMonth.filter((m) => m.awarded > 0)).toEqual([
      { month: 5, awarded: 40_000 },
      { month: 9, awarded: 10_000 },
    ]);
    expect(reports.deadlinesByWeek).toHaveLength(8);
    const counted = reports.deadlinesByWeek.reduce(
      (sum, week) => ({
        grants: sum.grants + week.grants,
        tasks: sum.tasks + week.tasks,
        requirements: sum.requirements + week.requirements,
      }),
      { grants: 0, tasks: 0, requirements: 0 },
    );
    expect(counted).toEqual({ grants: 1, tasks: 2, requirements: 1 });

    // Another company's reports count none of this.
    const other = clientFor(app, (await registerCompany(app)).cookie);
    const theirs = (await other.get('/api/reports?year=2025')).json<Reports>();
    expect(theirs.byYear).toEqual([]);
    expect(theirs.byFunder).toEqual([]);
    expect(theirs.byStatus.every((s) => s.count === 0)).toBe(true);
  });

  it('names each funder as its record does, whatever case its grants write it in', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    // Written in capitals and in lower case too: the least of the three in any order is not
    // the funder's name.
    for (const funder of ['Hope Trust', 'HOPE TRUST', 'hope trust']) {
      const created = await client.post('/api/grants', {
        name: `From ${funder}`,
        funder,
        amount: 1_000,
        dueDate: '2025-03-01T12:00:00Z',
        status: 'submitted',
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const funders = (await client.get('/api/funders')).json<{ name: string }[]>();
    expect(funders.map((funder) => funder.name)).toEqual(['Hope Trust']);
    const reports = (await client.get('/api/reports?year=2025')).json<Reports>();
    expect(reports.byFunder.map((row) => [row.funder, row.requested])).toEqual([
      ['Hope Trust', 3_000],
    ]);
  });

  it('lists the funders that asked for as much in alphabetical order, the first twenty', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    const capitals = Array.from({ length: 20 }, (_, n) => `Trust ${String(n).padStart(2, '0')}`);
    for (const funder of ['Ébène Fund', 'arts council', ...capitals]) {
      const created = await client.post('/api/grants', {
        name: 'Grant',
        funder,
        amount: 1_000,
        dueDate: '2027-03-01',
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const reports = (await client.get('/api/reports?year=2027')).json<Reports>();
    expect(reports.byFunder.map((row) => row.funder)).toEqual([
      'arts council',
      'Ébène Fund',
      ...capitals.slice(0, 18),
    ]);
  });

  it("counts due dates on the organization's days, and an award's date as the day it is", async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    await setCompanyTimeZone(client, 'America/Los_Angeles');
    // Late on New Year's Eve in Los Angeles: 2028 in UTC, 2027 where the organization is.
    await client.post('/api/grants', {
      name: 'Eve',
      funder: 'Hill',
      amount: 1_000,
      dueDate: '2028-01-01T07:30:00Z',
      status: 'awarded',
    });
    // Awarded on 31 January (a day): January, wherever the organization is.
    await client.post('/api/grants', {
      name: 'January',
      funder: 'Hill',
      amount: 2_000,
      dueDate: '2027-03-01T20:00:00Z',
      status: 'awarded',
      awardedDate: '2027-01-31',
    });
    const reports = (await client.get('/api/reports?year=2027')).json<Reports>();
    expect(reports.byYear.map((row) => [row.year, row.requested])).toEqual([[2027, 3_000]]);
    expect(reports.awardedByMonth.filter((row) => row.awarded > 0)).toEqual([
      { month: 1, awarded: 2_000 },
      { month: 12, awarded: 1_000 },
    ]);
  });

  it("counts the weeks ahead from Monday to Sunday on the organization's days", async () => {
    // Just before and just after next Monday's midnight where the organization is: in UTC, the
    // two fall in one week (Auckland: both on Sunday) or the first in the next (Los Angeles).
    for (const zone of ['Pacific/Auckland', 'America/Los_Angeles']) {
      const client = clientFor(app, (await registerCompany(app)).cookie);
      await setCompanyTimeZone(client, zone);
      const now = new Date();
      const weekday = new Date(`${localDate(now, zone)}T00:00:00Z`).getUTCDay();
      const nextMonday = startOfDay(now, zone, ((8 - weekday) % 7) + (weekday === 1 ? 7 : 0));
      for (const [name, minutes] of [
        ['Sunday night', -30],
        ['Monday morning', 30],
      ] as const) {
        const created = await client.post('/api/grants', {
          name,
          funder: 'Hill',
          amount: 1_000,
          dueDate: new Date(nextMonday.getTime() + minutes * 60_000).toISOString(),
        });
        expect(created.statusCode, created.body).toBe(201);
      }
      const reports = (await client.get('/api/reports')).json<Reports>();
      const thisMonday = localDate(new Date(nextMonday.getTime() - 7 * DAY), zone);
      expect(
        reports.deadlinesByWeek
          .filter((week) => week.grants > 0)
          .map((week) => [week.weekStart, week.grants]),
        zone,
      ).toEqual([
        [thisMonday, 1],
        [localDate(nextMonday, zone), 1],
      ]);
    }
  });

  it('shows, when no year is asked for, the year it is where the organization is, and tells that year whichever is asked for', async () => {
    // New Year's Eve at noon in UTC: already 2027 in Kiribati, still 2026 in Los Angeles.
    for (const [zone, year] of [
      ['Pacific/Kiritimati', 2027],
      ['America/Los_Angeles', 2026],
    ] as const) {
      const client = clientFor(app, (await registerCompany(app)).cookie);
      await setCompanyTimeZone(client, zone);
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-31T12:00:00Z') });
      try {
        const reports = await client.get('/api/reports');
        expect(reports.statusCode, reports.body).toBe(200);
        expect(reports.json<Reports>(), zone).toMatchObject({ year, thisYear: year });
        const earlier = (await client.get('/api/reports?year=2024')).json<Reports>();
        expect(earlier, zone).toMatchObject({ year: 2024, thisYear: year });
      } finally {
        vi.useRealTimers();
      }
    }
  });

  it('opens every year it lists: a grant due on the first day taken, in New York, is of 1899', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    await setCompanyTimeZone(client, 'America/New_York');
    await client.post('/api/grants', {
      name: 'First',
      funder: 'Old Trust',
      amount: 100,
      dueDate: '1900-01-01T00:00:00Z',
    });
    await client.post('/api/grants', {
      name: 'Last',
      funder: 'Old Trust',
      amount: 200,
      dueDate: '2200-12-31T23:59:59.999Z',
    });
    const listed = (await client.get('/api/reports')).json<Reports>().byYear.map((y) => y.year);
    expect(listed).toEqual(expect.arrayContaining([1899, 2200]));
    for (const year of listed) {
      const report = await client.get(`/api/reports?year=${year}`);
      expect(report.statusCode, String(year)).toBe(200);
    }
  });

  it('reads every table as the database was when the report began, whatever is saved meanwhile', async () => {
    await withTableHolder(async ({ app: own, hold, waitingForALock, letGo }) => {
      const client = clientFor(own, (await registerCompany(own)).cookie);
      const grant = (name: string, amount: number) =>
        client.post('/api/grants', {
          name,
          funder: 'Hill Foundation',
          amount,
          dueDate: new Date(Date.now() + 3 * DAY).toISOString(),
        });
      expect((await grant('Roof', 5_000)).statusCode).toBe(201);
      // The report's deadlines by week wait on the held table, its other tables read.
      await hold('grant_requirements');
      const report = client.get('/api/reports');
      await until(async () => (await waitingForALock()) === 1, 'the report waiting');
      // Meanwhile another grant due that week is saved, and the requirements are let go.
      expect((await grant('Van', 7_000)).statusCode).toBe(201);
      await letGo();
      const answered = await report;
      expect(answered.statusCode, answered.body).toBe(200);
      const { byStatus, byFunder, deadlinesByWeek } = answered.json<Reports>();
      // Every table as it was before the second grant: one draft, and its deadline.
      expect(byStatus.find((row) => row.status === 'draft')?.count).toBe(1);
      expect(byFunder).toEqual([expect.objectContaining({ requested: 5_000 })]);
      expect(deadlinesByWeek.reduce((sum, week) => sum + week.grants, 0)).toBe(1);
    });
  });

  it('answers a year that is not one with 400, and needs a session', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    for (const year of [
      '99999',
      'soon',
      '2025.5',
      '1898',
      '2202',
      '%00',
      '0x7e4',
      '2.026e3',
      '%202026',
    ]) {
      const response = await client.get(`/api/reports?year=${year}`);
      expect(response.statusCode, year).toBe(400);
      expect(response.json().message).toBe('Year must be a year from 1899 to 2201');
    }
    expect((await client.get('/api/reports')).json<Reports>().year).toBe(
      new Date().getUTCFullYear(),
    );
    expect((await app.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(401);
  });
});
