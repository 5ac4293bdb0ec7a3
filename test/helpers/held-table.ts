import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildTestApp } from './test-app.ts';
import { defaultTestDatabaseUrl } from './test-database.ts';
import { withApplicationName } from './until.ts';

export interface TableHolder {
  /** An app of its own, on a database of its own, whose connections name themselves. */
  app: FastifyInstance;
  /** Holds `table` (ACCESS EXCLUSIVE): what reads it waits there, with what it read before. */
  hold(table: string): Promise<void>;
  /** How many of the app's connections wait for a lock (the held table's, say). */
  waitingForALock(): Promise<number>;
  /** Ends the hold: what waited on the table reads it. */
  letGo(): Promise<void>;
}

/**
 * Runs `work` with an app of its own and a connection of the test's that holds a table when told
 * (`hold`), until `letGo`: a request can be stopped between two of its statements.
 */
export async function withTableHolder(work: (holder: TableHolder) => Promise<void>) {
  const url = await defaultTestDatabaseUrl();
  const applicationName = `grantwell-held-${process.pid}`;
  const app = await buildTestApp({
    database: { kind: 'server', url: withApplicationName(url, applicationName) },
  });
  const holder = new pg.Client({ connectionString: url });
  const monitor = new pg.Client({ connectionString: url });
  try {
    await holder.connect();
    await monitor.connect();
    await work({
      app,
      async hold(table) {
        await holder.query(
          `BEGIN; LOCK TABLE ${pg.escapeIdentifier(table)} IN ACCESS EXCLUSIVE MODE`,
        );
      },
      async waitingForALock() {
        const { rows } = await monitor.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE application_name = $1 AND wait_event_type = 'Lock'`,
          [applicationName],
        );
        return rows[0]?.n ?? 0;
      },
      letGo: async () => void (await holder.query('COMMIT')),
    });
  } finally {
    await holder.query('ROLLBACK').catch(() => undefined);
    await holder.end();
    await monitor.end();
    await app.close();
  }
}
