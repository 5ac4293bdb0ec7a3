import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilServing,
} from '../../scripts/lib/server-process.ts';
import { registrationFor } from '../helpers/factories.ts';
import { type SmtpServer, startSmtpServer } from '../helpers/smtp-server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { until } from '../helpers/until.ts';

const json = { 'content-type': 'application/json' };
/** Noon UTC `days` from today: that many days away on a UTC company's clock all day long. */
const noonIn = (days: number) => {
  const today = new Date();
  return new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days, 12),
  ).toISOString();
};

/**
 * Two processes of the app, as a load balancer would have them, on one PostgreSQL database: each
 * in the reminder queue, scanning every second and sending through one real SMTP server.
 */
describe('two server processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  let smtp: SmtpServer;
  let one: ServerProcess;
  let two: ServerProcess;
  // Every process spawned, so none outlives the file even when the other failed to start.
  const spawned: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpServer();
    // Started together: the reminder queues are made once, whichever process gets there first.
    [one, two] = (await Promise.all(
      [0, 1].map(async () => {
        const server = spawnServer({
          PORT: String(await freePort()),
          DATABASE_URL: database.url,
          SMTP_URL: smtp.url,
          REMINDER_INTERVAL_SECONDS: '1',
        });
        spawned.push(server);
        await waitUntilServing(server);
        return server;
      }),
    )) as [ServerProcess, ServerProcess];
  }, 90_000);

  afterAll(async () => {
    for (const server of spawned) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await smtp.close();
    await database.drop();
  });

  const call = (server: ServerProcess, path: string, cookie: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, { ...init, headers: { ...json, cookie, ...init.headers } });

  it('shares sessions and records between the processes', async () => {
    const username = `scale_${Date.now().toString(36)}`;
    const registered = await fetch(`${one.url}/api/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        username,
        password: 'Scale-out-1',
        name: 'Scale Out',
        email: 'scale@example.org',
        organization: 'Two Process Trust',
      }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie()[0]?.split(';')[0] ?? '';

    // The session made on one process is good on the other.
    const user = await call(two, '/api/user', cookie);
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ username, companyName: 'Two Process Trust' });

    // A record written through one is read through the other.
    const created = await call(two, '/api/contacts', cookie, {
      method: 'POST',
      body: JSON.stringify({ name: 'Ada Lovelace', email: 'ada@engine.org' }),
    });
    expect(created.status).toBe(201);
    const listed = await call(one, '/api/contacts', cookie);
    expect(await listed.json()).toEqual([expect.objectContaining({ name: 'Ada Lovelace' })]);

    // Signing out on one ends the session on both.
    const logout = await fetch(`${one.url}/api/logout`, { method: 'POST', headers: { cookie } });
    expect(logout.status).toBeLessThan(300);
    expect((await call(two, '/api/user', cookie)).status).toBe(401);

    // A sign-in on the second process works on the first.
    const login = await fetch(`${two.url}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, password: 'Scale-out-1' }),
    });
    expect(login.status).toBe(200);
    const again = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    expect((await call(one, '/api/user', again)).status).toBe(200);
  });

  /** Registers a company through `server`; answers a function that calls the API as its admin. */
  async function company(server: ServerProcess, organization: string, email: string) {
    const registered = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(registrationFor({ organization, email })),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    return async (path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as { id: number };
    };
  }

  it('sends each reminder once, whichever process scans', async () => {
    const harbor = await company(one, 'Harbor Trust', 'harbor@example.org');
    const lantern = await company(two, 'Lantern Fund', 'lantern@example.org');
    const grant = await harbor('/api/grants', {
      name: 'Harbor Arts',
      funder: 'River Trust',
      amount: 5000,
      dueDate: noonIn(7),
    });
    await harbor(`/api/grants/${grant.id}/requirements`, {
      name: 'Harbor budget',
      type: 'budget',
      dueDate: noonIn(-1),
    });
    await lantern('/api/grants', {
      name: 'Lantern Library',
      funder: 'Civic Fund',
      amount: 900,
      dueDate: noonIn(1),
    });

    const subjects = () =>
      smtp.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? '');
    const expected = [
      'Harbor Arts is due in 7 days',
      'Harbor budget is overdue',
      'Lantern Library is due tomorrow',
    ];
    await until(
      () => expected.every((subject) => subjects().includes(subject)),
      'the three reminders',
      30_000,
    );

    // Several more scans, by either process: nothing arrives twice.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const scans = async () =>
        Number(
          (
            await client.query(
              "SELECT count(*) AS n FROM pgboss.job WHERE name = 'reminder-scan' AND state = 'completed'",
            )
          ).rows[0].n,
        );
      const before = await scans();
      await until(async () => (await scans()) >= before + 4, 'four more scans', 30_000);
      // Whatever those scans queued has been sent (or given up on) before the letters are counted.
      const queued = async () =>
        Number(
          (
            await client.query(
              "SELECT count(*) AS n FROM pgboss.job WHERE name = 'reminder-email' AND state IN ('created', 'retry', 'active')",
            )
          ).rows[0].n,
        );
      await until(async () => (await queued()) === 0, 'the queued emails sent', 30_000);
      for (const subject of expected) {
        expect(subjects().filter((s) => s === subject)).toHaveLength(1);
      }
      // Nothing reached anyone twice (Monday's digest included, on a Monday).
      const letters = smtp.received.map((mail, i) => `${mail.to.join()} ${subjects()[i]}`);
      expect(letters.length).toBe(new Set(letters).size);
      const rows = await client.query(
        'SELECT key, count(*)::int AS n FROM notifications GROUP BY company_id, user_id, key HAVING count(*) > 1',
      );
      expect(rows.rows).toEqual([]);
    } finally {
      await client.end();
    }
  }, 90_000);
});
