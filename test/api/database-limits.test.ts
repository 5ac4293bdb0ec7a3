import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type Limits } from '../../src/server/config.ts';
import { registerCompany } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { buildTestApp } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { until, withApplicationName } from '../helpers/until.ts';

const UNAVAILABLE = 'The database is unavailable right now. Please try again shortly.';
/** The key the servers take turns on while migrating (src/server/db/client.ts). */
const MIGRATION_LOCK_KEY = 727_001;

// The file takes a database of its own: it locks tables, which would stall the other test files
// sharing the CI server's test database.
describe('database time limits', { timeout: 60_000 }, () => {
  const applicationName = `grantwell-limits-${process.pid}`;
  let own: TestDatabase;
  let ownUrl: string;
  let blocker: pg.Client;
  let monitor: pg.Client;
  const apps: FastifyInstance[] = [];

  const connect = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  };
  const appWith = async (limits: Partial<Limits>) => {
    const app = await buildTestApp({
      database: { kind: 'server', url: withApplicationName(ownUrl, applicationName) },
      limits: { ...DEFAULT_LIMITS, ...limits },
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    own = await createTestDatabase();
    ownUrl = own.url;
    await appWith({}); // migrates the new database (on a server)
    blocker = await connect(ownUrl);
    // pg_stat_activity is read once per transaction: the blocker's own view would never change.
    monitor = await connect(ownUrl);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await blocker?.end();
    await monitor?.end();
    await own?.drop();
  });

  /** Another session holds the contacts table, as a long migration or a stuck job would. */
  async function whileContactsLocked(work: () => Promise<void>) {
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE contacts IN ACCESS EXCLUSIVE MODE');
    try {
      await work();
    } finally {
      await blocker.query('ROLLBACK');
    }
  }

  const waitingOnLock = async () => {
    const { rows } = await monitor.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE application_name = $1 AND wait_event_type = 'Lock'`,
      [applicationName],
    );
    return rows[0]?.n ?? 0;
  };

  it('sets the limits on every pooled connection, and compiles no statement (JIT)', async () => {
    const app = await appWith({ statementMs: 1_500, idleInTransactionMs: 1_000 });
    const settings = await app.db.execute(
      `SELECT current_setting('statement_timeout') AS statement,
              current_setting('idle_in_transaction_session_timeout') AS idle,
              current_setting('jit') AS jit`,
    );
    expect(settings).toMatchObject({ rows: [{ statement: '1500ms', idle: '1s', jit: 'off' }] });
  });

  it('a statement that waits too long is cancelled and answered 503', async () => {
    const app = await appWith({ statementMs: 1_500 });
    const { cookie } = await registerCompany(app);
    const client = clientFor(app, cookie);
    // A list with rows reads the table (an empty one is known empty from its kept count).
    await client.post('/api/contacts', { name: 'Locked Out', email: 'locked@x.org' });
    await whileContactsLocked(async () => {
      const started = performance.now();
      const response = await client.get('/api/contacts');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: UNAVAILABLE });
      expect(performance.now() - started).toBeLessThan(5_000);
    });
    expect((await client.get('/api/contacts')).statusCode).toBe(200);
  });

  /** A new company's client with one contact (a list with rows reads the table). */
  const companyWithAContact = async (app: FastifyInstance) => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    await client.post('/api/contacts', { name: 'Locked Out', email: 'locked@x.org' });
    return client;
  };

  /** Answered quickly with 503, as a request that found no free connection. */
  const refusedQuickly = async (request: Promise<{ statusCode: number; json(): unknown }>) => {
    const started = performance.now();
    const response = await request;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: UNAVAILABLE });
    expect(performance.now() - started).toBeLessThan(5_000);
  };

  it('one company holds at most half the connections: its next request waits a bounded time and gets 503, another company is served', async () => {
    const app = await appWith({ statementMs: 30_000, poolAcquireMs: 500 });
    const busy = await companyWithAContact(app);
    const other = await companyWithAContact(app);
    await whileContactsLocked(async () => {
      // Five list requests take the company's five connections, each waiting on the lock (as a
      // long merge's writes, or downloads nobody reads, would hold them); opportunities need no
      // contacts, so only the wait for a connection can refuse them.
      const holding = Array.from({ length: 5 }, () => busy.get('/api/contacts'));
      await until(async () => (await waitingOnLock()) >= 5, 'five requests waiting on the lock');
      await refusedQuickly(busy.get('/api/opportunities'));
      expect((await other.get('/api/opportunities')).statusCode).toBe(200);
      // A waiting request of the busy company takes a connection as soon as one of its own is free.
      const next = busy.get('/api/opportunities');
      await blocker.query('ROLLBACK');
      await blocker.query('BEGIN'); // for whileContactsLocked's own ROLLBACK
      for (const answer of await Promise.all(holding)) expect(answer.statusCode).toBe(200);
      expect((await next).statusCode).toBe(200);
    });
  });

  it('with every pooled connection busy, a request waits a bounded time and gets 503', async () => {
    const app = await appWith({ statementMs: 30_000, poolAcquireMs: 500 });
    const companies = [await companyWithAContact(app), await companyWithAContact(app)];
    const third = await companyWithAContact(app);
    await whileContactsLocked(async () => {
      // Two companies' five list requests each take the ten connections.
      const holding = companies.flatMap((client) =>
        Array.from({ length: 5 }, () => client.get('/api/contacts')),
      );
      await until(async () => (await waitingOnLock()) >= 10, 'ten requests waiting on the lock');
      await refusedQuickly(third.get('/api/opportunities'));
      await blocker.query('ROLLBACK');
      await blocker.query('BEGIN'); // for whileContactsLocked's own ROLLBACK
      for (const answer of await Promise.all(holding)) expect(answer.statusCode).toBe(200);
    });
    expect((await third.get('/api/opportunities')).statusCode).toBe(200);
  });

  it('a server starting while another migrates waits its turn, past the statement limit', async () => {
    await blocker.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const starting = appWith({ statementMs: 500 });
    try {
      await until(async () => (await waitingOnLock()) >= 1, 'the new server waiting to migrate');
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // twice the statement limit
    } finally {
      await blocker.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
    const app = await starting;
    expect((await app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});
