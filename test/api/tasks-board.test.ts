import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOARD_TASKS_MAX } from '../../src/domain/task-constants.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { registerCompany } from '../helpers/factories.ts';
import { type Client, clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function newClient(): Promise<Client> {
  return clientFor(app, (await registerCompany(app)).cookie);
}

async function addGrant(client: Client, name: string): Promise<number> {
  const response = await client.post('/api/grants', {
    name,
    funder: 'River Trust',
    amount: 1000,
    dueDate: inDays(90),
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function addTask(
  client: Client,
  grantId: number,
  name: string,
  dueDate: string,
  status = 'pending',
) {
  const response = await client.post(`/api/grants/${grantId}/tasks`, {
    name,
    description: `${name}, described`,
    category: 'proposal',
    dueDate,
    status,
  });
  expect(response.statusCode).toBe(201);
}

const names = async (client: Client, query: string) => {
  const response = await client.get(`/api/tasks${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json()
    .map((task: { name: string }) => task.name)
    .sort();
};

/** A company with two grants and tasks due at every distance from today. */
async function boardCompany() {
  const client = await newClient();
  const arts = await addGrant(client, 'Youth Arts');
  const parks = await addGrant(client, 'City Parks');
  await addTask(client, arts, 'Late letters', inDays(-3));
  await addTask(client, arts, 'Late budget', inDays(-2), 'in-progress');
  await addTask(client, arts, 'Done report', inDays(-3), 'completed');
  await addTask(client, parks, 'Marked overdue', inDays(10), 'overdue');
  await addTask(client, parks, 'Write budget', inDays(3));
  await addTask(client, parks, 'Site visit', inDays(20), 'in-progress');
  await addTask(client, arts, 'Final review', inDays(60));
  return { client, arts, parks };
}

describe('GET /api/tasks: the board, filtered', () => {
  it('answers every task without filters, and with due=all', async () => {
    const { client } = await boardCompany();
    const all = [
      'Done report',
      'Final review',
      'Late budget',
      'Late letters',
      'Marked overdue',
      'Site visit',
      'Write budget',
    ];
    expect(await names(client, '')).toEqual(all);
    expect(await names(client, '?due=all')).toEqual(all);
  });

  it('overdue: pending or in-progress tasks due before today, and tasks marked overdue', async () => {
    const { client } = await boardCompany();
    expect(await names(client, '?due=overdue')).toEqual([
      'Late budget',
      'Late letters',
      'Marked overdue',
    ]);
  });

  it('this week and the next 30 days count from today, whatever the status', async () => {
    const { client } = await boardCompany();
    expect(await names(client, '?due=this-week')).toEqual(['Write budget']);
    expect(await names(client, '?due=next-30-days')).toEqual([
      'Marked overdue',
      'Site visit',
      'Write budget',
    ]);
  });

  it('filters by grant, searches task names, and combines the filters', async () => {
    const { client, arts, parks } = await boardCompany();
    expect(await names(client, `?grantId=${parks}`)).toEqual([
      'Marked overdue',
      'Site visit',
      'Write budget',
    ]);
    expect(await names(client, '?q=BUDGET')).toEqual(['Late budget', 'Write budget']);
    expect(await names(client, `?q=budget&grantId=${arts}`)).toEqual(['Late budget']);
    expect(await names(client, `?due=overdue&grantId=${arts}`)).toEqual([
      'Late budget',
      'Late letters',
    ]);
    expect(await names(client, '?q=budget&due=this-week')).toEqual(['Write budget']);
    expect(await names(client, '?q=nothing like it')).toEqual([]);
  });

  it("counts today in the user's time zone", async () => {
    // Fixed-offset zones chosen from the clock: in one it is just after midnight, in the other
    // it is midday. A task due 90 minutes ago was due yesterday in the first, today in the other.
    const utcHour = new Date().getUTCHours();
    const zone = (offset: number) => {
      const hours = ((offset + 36) % 24) - 12; // within UTC-12 … UTC+11
      return hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
    };
    const afterMidnight = zone(24 - utcHour);
    const midday = zone(12 - utcHour);

    const client = await newClient();
    const grant = await addGrant(client, 'Youth Arts');
    await addTask(
      client,
      grant,
      'Call the funder',
      new Date(Date.now() - 1.5 * HOUR).toISOString(),
    );
    const tz = (name: string) => encodeURIComponent(name);
    expect(await names(client, `?due=overdue&tz=${tz(afterMidnight)}`)).toEqual([
      'Call the funder',
    ]);
    expect(await names(client, `?due=overdue&tz=${tz(midday)}`)).toEqual([]);
    expect(await names(client, `?due=this-week&tz=${tz(midday)}`)).toEqual(['Call the funder']);
  });

  it.each([
    ['?due=soon', 'Due must be one of: all, overdue, this-week, next-30-days'],
    ['?due=', 'Due must be one of: all, overdue, this-week, next-30-days'],
    ['?grantId=abc', 'Invalid grant'],
    ['?grantId=0', 'Invalid grant'],
    ['?grantId=99999999999', 'Invalid grant'],
    ['?tz=Mars%2FOlympus', 'Unknown time zone'],
    [`?q=${'x'.repeat(201)}`, 'Search is too long'],
    ['?q=%00', 'Invalid characters'],
  ])('%s is refused with a 400 that says why', async (query, message) => {
    const client = await newClient();
    const response = await client.get(`/api/tasks${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("never shows another company's tasks, not even through its grant's id", async () => {
    const { parks } = await boardCompany();
    const intruder = await newClient();
    const own = await addGrant(intruder, 'Own grant');
    await addTask(intruder, own, 'Own budget', inDays(3));
    expect(await names(intruder, '')).toEqual(['Own budget']);
    expect(await names(intruder, `?grantId=${parks}`)).toEqual([]);
    expect(await names(intruder, '?q=budget')).toEqual(['Own budget']);
    expect(await names(intruder, '?due=overdue')).toEqual([]);
  });

  it('shows 2,000 tasks at most, soonest due first; the filters find the others', async () => {
    const admin = await registerCompany(app);
    const client = clientFor(app, admin.cookie);
    const grantId = await addGrant(client, 'Many');
    const { companyId } = admin.user;
    await inCompany(app.db, companyId, (tx) =>
      tx.execute(sql`INSERT INTO grant_tasks (company_id, grant_id, name, description, category, due_date)
        SELECT ${companyId}, ${grantId}, 'Task ' || i, 'One of many', 'proposal',
               now() + i * interval '1 minute'
          FROM generate_series(1, ${BOARD_TASKS_MAX + 5}) AS i`),
    );
    const board = (await client.get('/api/tasks')).json<{ name: string }[]>();
    expect(board).toHaveLength(BOARD_TASKS_MAX);
    expect(board[0]?.name).toBe('Task 1');
    expect((await client.get(`/api/tasks?q=${BOARD_TASKS_MAX + 5}`)).json()).toEqual([
      expect.objectContaining({ name: `Task ${BOARD_TASKS_MAX + 5}` }),
    ]);
  });

  it('asks for a signed-in user', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/tasks?due=overdue' });
    expect(response.statusCode).toBe(401);
  });
});
