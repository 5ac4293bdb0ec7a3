import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/config.ts';
import { registerCompany } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { buildTestApp } from '../helpers/test-app.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const UNAVAILABLE = 'The database is unavailable right now. Please try again shortly.';
const applicationName = `grantwell-limits-${process.pid}`;

function withApplicationName(url: string) {
  const named = new URL(url);
  named.searchParams.set('application_name', applicationName);
  return named.toString();
}

// Time limits are PostgreSQL server settings; the embedded database does not enforce them.
describe.skipIf(!serverUrl)('database time limits', { timeout: 60_000 }, () => {
  let app: FastifyInstance;
  let blocker: pg.Client;
  let monitor: pg.Client;

  beforeAll(async () => {
    app = await buildTestApp({
      database: { kind: 'server', url: withApplicationName(serverUrl ?? '') },
      limits: {
        ...DEFAULT_LIMITS,
        statementMs: 1_500,
        idleInTransactionMs: 1_000,
        poolAcquireMs: 500,
      },
    });
    blocker = new pg.Client({ connectionString: serverUrl });
    await blocker.connect();
    monitor = new pg.Client({ connectionString: serverUrl });
    await monitor.connect();
  });
  afterAll(async () => {
    await blocker.end();
    await monitor.end();
    await app.close();
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

  /** Resolves once `count` of the app's connections wait on a lock. */
  async function untilWaitingOnLock(count: number) {
    for (;;) {
      // pg_stat_activity is read once per transaction: the blocker's own would never change.
      const { rows } = await monitor.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE application_name = $1 AND wait_event_type = 'Lock'`,
        [applicationName],
      );
      if ((rows[0]?.n ?? 0) >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('sets the limits on every pooled connection', async () => {
    const settings = await app.db.execute(
      sql`SELECT current_setting('statement_timeout') AS statement,
                 current_setting('idle_in_transaction_session_timeout') AS idle`,
    );
    expect(settings).toMatchObject({ rows: [{ statement: '1500ms', idle: '1s' }] });
  });

  it('a statement that waits too long is cancelled and answered 503', async () => {
    const { cookie } = await registerCompany(app);
    const client = clientFor(app, cookie);
    await whileContactsLocked(async () => {
      const started = performance.now();
      const response = await client.get('/api/contacts');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: UNAVAILABLE });
      expect(performance.now() - started).toBeLessThan(5_000);
    });
    expect((await client.get('/api/contacts')).statusCode).toBe(200);
  });

  it('with every pooled connection busy, a request waits a bounded time and gets 503', async () => {
    const { cookie } = await registerCompany(app);
    const client = clientFor(app, cookie);
    await whileContactsLocked(async () => {
      // Ten list requests take the ten connections, each waiting on the lock; opportunities
      // need no contacts, so only the wait for a connection can refuse them.
      const holding = Array.from({ length: 10 }, () => client.get('/api/contacts'));
      await untilWaitingOnLock(10);
      const started = performance.now();
      const response = await client.get('/api/opportunities');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: UNAVAILABLE });
      expect(performance.now() - started).toBeLessThan(5_000);
      await Promise.all(holding);
    });
    expect((await client.get('/api/opportunities')).statusCode).toBe(200);
  });
});
