import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_REQUIREMENTS_SHOWN } from '../../src/domain/dashboard.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import {
  addMember,
  insertContacts,
  insertInteractions,
  registerCompany,
} from '../helpers/factories.ts';
import { withTableHolder } from '../helpers/held-table.ts';
import { analyze, nodesOf, planOf, statementsSentBy } from '../helpers/query-plans.ts';
import { type Client, clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

const app = await appForThisFile();

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
/**
 * Midnight that starts the day `days` after today, today as the clocks show it in a zone
 * `offsetMinutes` ahead of UTC that keeps no summer time (UTC itself, Asia/Kolkata).
 */
function midnightIn(offsetMinutes: number, days = 0) {
  const offset = offsetMinutes * MINUTE;
  return Math.floor((Date.now() + offset) / DAY) * DAY + days * DAY - offset;
}
const at = (ms: number) => new Date(ms).toISOString();
const KOLKATA = 5 * 60 + 30;

/**
 * A grant with one task per [name, due date, status, assignee's id when assigned]; the
 * dashboard's task lists name them.
 */
async function grantWithTasks(
  client: Client,
  grantName: string,
  tasks: [string, string, string, number?][],
) {
  const grant = (
    await client.post('/api/grants', {
      name: grantName,
      funder: 'F',
      amount: 1,
      dueDate: inDays(60),
    })
  ).json();
  for (const [name, dueDate, status, assigneeId] of tasks) {
    const created = await client.post(`/api/grants/${grant.id}/tasks`, {
      name,
      description: `About ${name}`,
      category: 'research',
      dueDate,
      status,
      assigneeId,
    });
    expect(created.statusCode).toBe(201);
  }
  return grant as { id: number };
}

const names = (list: { items: { name: string }[] }) => list.items.map((task) => task.name);

describe('GET /api/dashboard', () => {
  it('is empty for a new company', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    expect((await client.get('/api/dashboard')).json()).toEqual({
      totalContacts: 0,
      totalInteractions: 0,
      activeGrants: 0,
      upcomingDeadlines: [],
      recentInteractions: [],
      tasksDueSoon: { items: [], total: 0 },
      overdueTasks: { items: [], total: 0 },
      requirementsDue: [],
      requirementsDueTotal: 0,
    });
  });

  it('lists the first ten requirements due, the longest overdue first, and counts them all', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    const grant = (
      await client.post('/api/grants', {
        name: 'Roof',
        funder: 'Oak',
        amount: 100,
        dueDate: inDays(30),
      })
    ).json<{ id: number }>();
    // Twelve pending, from 11 days overdue to due tomorrow; one made, one due in a month.
    const due: [string, number, string][] = [
      ...Array.from({ length: 12 }, (_, i): [string, number, string] => [
        `report ${i}`,
        i - 11,
        'pending',
      ]),
      ['made', -3, 'submitted'],
      ['far', 30, 'pending'],
    ];
    for (const [name, days, status] of due) {
      const added = await client.post(`/api/grants/${grant.id}/requirements`, {
        name,
        type: 'interim_report',
        dueDate: inDays(days),
        status,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const dashboard = (await client.get('/api/dashboard')).json();
    expect(dashboard.requirementsDue.map((r: { name: string }) => r.name)).toEqual(
      Array.from({ length: DASHBOARD_REQUIREMENTS_SHOWN }, (_, i) => `report ${i}`),
    );
    expect(dashboard.requirementsDueTotal).toBe(12);
  });

  it('counts, lists the next five active future deadlines soonest first, and the five latest interactions', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    const grant = (name: string, days: number, status = 'draft') =>
      client.post('/api/grants', { name, funder: 'F', amount: 1, dueDate: inDays(days), status });
    await grant('past', -2);
    await grant('awarded soon', 1, 'awarded');
    await grant('rejected soon', 1, 'rejected');
    for (const [name, days, status] of [
      ['g6', 6, 'submitted'],
      ['g2', 2, 'draft'],
      ['g4', 4, 'in-progress'],
      ['g3', 3, 'submitted'],
      ['g5', 5, 'draft'],
      ['g7', 7, 'draft'],
    ] as const) {
      await grant(name, days, status);
    }

    const contact = (await client.post('/api/contacts', { name: 'Mo', email: 'mo@x.org' })).json();
    await client.post('/api/contacts', { name: 'Jo', email: 'jo@x.org' });
    for (let i = 1; i <= 6; i++) {
      await client.post('/api/interactions', {
        contactId: contact.id,
        type: 'note',
        notes: `n${i}`,
        date: inDays(-10 + i),
      });
    }

    const dashboard = (await client.get('/api/dashboard')).json();
    expect(dashboard.totalContacts).toBe(2);
    expect(dashboard.totalInteractions).toBe(6);
    // Active = not awarded or rejected, past or future: 'past' plus g2..g7.
    expect(dashboard.activeGrants).toBe(7);
    expect(dashboard.upcomingDeadlines.map((g: { name: string }) => g.name)).toEqual([
      'g2',
      'g3',
      'g4',
      'g5',
      'g6',
    ]);
    expect(dashboard.upcomingDeadlines[0]).toMatchObject({ funder: 'F', status: 'draft' });
    expect(dashboard.recentInteractions.map((i: { notes: string }) => i.notes)).toEqual([
      'n6',
      'n5',
      'n4',
      'n3',
      'n2',
    ]);
    expect(dashboard.recentInteractions[0]).toMatchObject({ contactName: 'Mo', type: 'note' });
  });

  it("reads the latest interactions from an index in their order, not sorted from all of the company's", async () => {
    const { cookie, user } = await registerCompany(app);
    const client = clientFor(app, cookie);
    const companyId = user.companyId;
    // 3,000, five a day: the five latest go by id within their day.
    await insertInteractions(app, companyId, await insertContacts(app, companyId, 40), 3_000);
    await analyze(app, 'interactions', 'contacts');
    const latest = await inCompany(app.db, companyId, (tx) =>
      rowsOf<{ id: number }>(
        tx,
        sql`SELECT id FROM interactions WHERE company_id = ${companyId}
          ORDER BY date DESC, id DESC LIMIT 5`,
      ),
    );

    let shown: { id: number }[] = [];
    const sent = await statementsSentBy('interactions', async () => {
      shown = (await client.get('/api/dashboard')).json().recentInteractions;
    });
    expect(shown.map((interaction) => interaction.id)).toEqual(latest.map((row) => row.id));
    const read = sent.find((statement) => /\border by\b/i.test(statement.text));
    if (!read) throw new Error('the dashboard read no interactions');
    const nodes = nodesOf(await planOf(app, companyId, read));
    expect(nodes.map((node) => node['Index Name'])).toContain('interactions_date_idx');
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
  });

  it('reads its counts and lists as the database was when it began, whatever is saved meanwhile', async () => {
    await withTableHolder(async ({ app: own, hold, waitingForALock, letGo }) => {
      const client = clientFor(own, (await registerCompany(own)).cookie);
      const ada = (await client.post('/api/contacts', { name: 'Ada', email: 'ada@x.org' })).json();
      // The dashboard waits on the held grants, its counts of contacts and interactions read.
      await hold('grants');
      const dashboard = client.get('/api/dashboard');
      await until(async () => (await waitingForALock()) === 1, 'the dashboard waiting');
      const logged = await client.post('/api/interactions', {
        contactId: ada.id,
        type: 'call',
        notes: 'Spoke about the roof',
        date: new Date().toISOString(),
      });
      expect(logged.statusCode, logged.body).toBe(201);
      await letGo();
      const answered = await dashboard;
      expect(answered.statusCode, answered.body).toBe(200);
      // The interaction logged meanwhile is in neither: not one counted and another listed.
      expect(answered.json()).toMatchObject({ totalInteractions: 0, recentInteractions: [] });
    });
  });

  it("counts only the company's own records", async () => {
    const busy = clientFor(app, (await registerCompany(app)).cookie);
    await busy.post('/api/contacts', { name: 'A', email: 'a@x.org' });
    const quiet = clientFor(app, (await registerCompany(app)).cookie);
    expect((await quiet.get('/api/dashboard')).json().totalContacts).toBe(0);
  });

  it('lists the open tasks due today and in the 13 days after it, soonest first, each with its grant', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    const today = midnightIn(0);
    const grant = await grantWithTasks(client, 'Literacy', [
      ['day 13, last minute', at(midnightIn(0, 14) - MINUTE), 'pending'],
      ['day 14, first minute', at(midnightIn(0, 14)), 'pending'],
      ['today, first minute', at(today), 'in-progress'],
      ['yesterday, last minute', at(today - MINUTE), 'pending'],
      ['day 3, done', at(midnightIn(0, 3)), 'completed'],
      ['day 5', at(midnightIn(0, 5) + 9 * 60 * MINUTE), 'pending'],
      ['day 2, marked overdue', at(midnightIn(0, 2)), 'overdue'],
    ]);

    const { tasksDueSoon } = (await client.get('/api/dashboard')).json();
    expect(names(tasksDueSoon)).toEqual(['today, first minute', 'day 5', 'day 13, last minute']);
    expect(tasksDueSoon.total).toBe(3);
    expect(tasksDueSoon.items[0]).toMatchObject({
      grantId: grant.id,
      grantName: 'Literacy',
      description: 'About today, first minute',
      status: 'in-progress',
      category: 'research',
      dueDate: at(today),
    });
    expect(Object.keys(tasksDueSoon.items[0]).sort()).toEqual([
      'assigneeId',
      'assigneeName',
      'category',
      'companyId',
      'createdAt',
      'createdBy',
      'description',
      'dueDate',
      'grantId',
      'grantName',
      'id',
      'name',
      'status',
      'updatedAt',
    ]);
  });

  it('lists the overdue tasks: pending or in progress and due before today, or marked overdue', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    const today = midnightIn(0);
    await grantWithTasks(client, 'Parks', [
      ['yesterday, last minute', at(today - MINUTE), 'pending'],
      ['last month', at(midnightIn(0, -30)), 'in-progress'],
      ['last week, done', at(midnightIn(0, -7)), 'completed'],
      ['next week, marked overdue', at(midnightIn(0, 7)), 'overdue'],
      ['today, first minute', at(today), 'pending'],
    ]);

    const { overdueTasks, tasksDueSoon } = (await client.get('/api/dashboard')).json();
    // The most overdue first: the oldest due date leads.
    expect(names(overdueTasks)).toEqual([
      'last month',
      'yesterday, last minute',
      'next week, marked overdue',
    ]);
    expect(overdueTasks.total).toBe(3);
    expect(names(tasksDueSoon)).toEqual(['today, first minute']);
  });

  it('counts the days where the user is (tz), and refuses a time zone that is not one', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    await grantWithTasks(client, 'Mumbai', [
      ['Kolkata yesterday, last minute', at(midnightIn(KOLKATA) - MINUTE), 'pending'],
      ['Kolkata today, first minute', at(midnightIn(KOLKATA)), 'pending'],
      ['Kolkata day 13, last minute', at(midnightIn(KOLKATA, 14) - MINUTE), 'pending'],
      ['Kolkata day 14, first minute', at(midnightIn(KOLKATA, 14)), 'pending'],
    ]);

    const kolkata = (await client.get('/api/dashboard?tz=Asia/Kolkata')).json();
    expect(names(kolkata.overdueTasks)).toEqual(['Kolkata yesterday, last minute']);
    expect(names(kolkata.tasksDueSoon)).toEqual([
      'Kolkata today, first minute',
      'Kolkata day 13, last minute',
    ]);
    // In UTC the two minutes around Kolkata's midnight fall on the same day.
    const utc = (await client.get('/api/dashboard')).json();
    const utcOverdue = names(utc.overdueTasks);
    expect(utcOverdue.includes('Kolkata yesterday, last minute')).toBe(
      utcOverdue.includes('Kolkata today, first minute'),
    );

    for (const tz of ['Mars/Olympus_Mons', 'SystemV/AST4', '+05:30', 'x'.repeat(101)]) {
      const refused = await client.get(`/api/dashboard?tz=${encodeURIComponent(tz)}`);
      expect(refused.statusCode, tz).toBe(400);
      expect(refused.json()).toMatchObject({ message: 'Unknown time zone' });
    }
  });

  it('shows the first ten tasks of a list and counts them all', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    const tasks = Array.from({ length: 12 }, (_, i): [string, string, string] => [
      `late ${i + 1}`,
      at(midnightIn(0, -20 + i)),
      'pending',
    ]);
    await grantWithTasks(client, 'Busy', tasks);

    const { overdueTasks } = (await client.get('/api/dashboard')).json();
    expect(overdueTasks.items).toHaveLength(10);
    expect(overdueTasks.items[0].name).toBe('late 1');
    expect(overdueTasks.total).toBe(12);
  });

  it("with assignee=me, lists only the signed-in user's tasks and requirements, each task with its assignee's name", async () => {
    const owner = await registerCompany(app, { name: 'Ada Admin' });
    const member = await addMember(app, owner.user.companyId);
    const client = clientFor(app, owner.cookie);
    const [me, them] = [owner.user.id, member.user.id];
    const shared = await grantWithTasks(client, 'Shared', [
      ['my late task', inDays(-2), 'pending', me],
      ['their late task', inDays(-2), 'pending', them],
      ["nobody's late task", inDays(-3), 'in-progress'],
      ['my task due soon', inDays(2), 'pending', me],
      ['their task due soon', inDays(2), 'pending', them],
    ]);
    for (const [name, assigneeId] of [
      ['my report', me],
      ['their report', them],
      ["nobody's report", undefined],
    ] as const) {
      const added = await client.post(`/api/grants/${shared.id}/requirements`, {
        name,
        type: 'interim_report',
        dueDate: inDays(5),
        assigneeId,
      });
      expect(added.statusCode).toBe(201);
    }
    const requirementNames = (dashboard: { requirementsDue: { name: string }[] }) =>
      dashboard.requirementsDue.map((requirement) => requirement.name);

    const mine = (await client.get('/api/dashboard?assignee=me')).json();
    expect(names(mine.overdueTasks)).toEqual(['my late task']);
    expect(mine.overdueTasks.total).toBe(1);
    expect(names(mine.tasksDueSoon)).toEqual(['my task due soon']);
    expect(mine.tasksDueSoon.items[0]).toMatchObject({ assigneeId: me, assigneeName: 'Ada Admin' });
    // So are the requirements due: the signed-in user's own, as they are their work too.
    expect(requirementNames(mine)).toEqual(['my report']);
    // The rest of the dashboard is the company's, whoever asks.
    const everyone = (await client.get('/api/dashboard')).json();
    expect(mine.activeGrants).toBe(everyone.activeGrants);
    expect(names(everyone.overdueTasks)).toEqual([
      "nobody's late task",
      'my late task',
      'their late task',
    ]);
    expect(everyone.overdueTasks.items[0]).toMatchObject({ assigneeId: null, assigneeName: null });
    expect(requirementNames(everyone)).toHaveLength(3);

    const theirs = (await clientFor(app, member.cookie).get('/api/dashboard?assignee=me')).json();
    expect(names(theirs.overdueTasks)).toEqual(['their late task']);
    expect(names(theirs.tasksDueSoon)).toEqual(['their task due soon']);
    expect(requirementNames(theirs)).toEqual(['their report']);

    for (const assignee of ['you', '', 'ME']) {
      const refused = await client.get(`/api/dashboard?assignee=${assignee}`);
      expect(refused.statusCode, assignee).toBe(400);
      expect(refused.json()).toMatchObject({ message: 'Assignee must be one of: me' });
    }
  });

  it("never shows another company's tasks", async () => {
    const other = clientFor(app, (await registerCompany(app)).cookie);
    await grantWithTasks(other, 'Theirs', [
      ['their overdue task', inDays(-1), 'pending'],
      ['their task due soon', inDays(1), 'pending'],
    ]);
    const own = clientFor(app, (await registerCompany(app)).cookie);
    await grantWithTasks(own, 'Ours', [['our task', inDays(1), 'pending']]);

    const dashboard = (await own.get('/api/dashboard')).json();
    expect(names(dashboard.tasksDueSoon)).toEqual(['our task']);
    expect(dashboard.tasksDueSoon.total).toBe(1);
    expect(dashboard.overdueTasks).toEqual({ items: [], total: 0 });
  });

  it('requires sign-in', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
