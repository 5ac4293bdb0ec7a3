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
 * Two processes of the app on one database, each in the reminder queue, scanning every second
 * and sending through one real SMTP server: every reminder arrives once.
 */
describe('reminders with two server processes', () => {
  let database: TestDatabase;
  let smtp: SmtpServer;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpServer();
    servers = await Promise.all(
      [0, 1].map(async () => {
        const server = spawnServer({
          PORT: String(await freePort()),
          DATABASE_URL: database.url,
          SMTP_URL: smtp.url,
          REMINDER_INTERVAL_SECONDS: '1',
        });
        await waitUntilServing(server);
        return server;
      }),
    );
  }, 90_000);

  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await smtp.close();
    await database.drop();
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
    const [one, two] = servers as [ServerProcess, ServerProcess];
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
