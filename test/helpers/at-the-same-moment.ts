import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../src/server/db/client.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { until } from './until.ts';

/** Whether a statement waits for a lock that the backend `pid` holds. */
export async function someoneWaitsOn(app: FastifyInstance, pid: number) {
  const { rows } = await app.db.$client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
    [pid],
  );
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Two people doing opposite things at the same moment: `work` (a deletion, say) is done in a
 * transaction of the company's own, and before it commits `send` makes a request that needs what
 * `work` holds. Once the request waits on that work's locks, the work commits; the request's
 * answer is then what it makes of the world after it. `meanwhile` runs while the request
 * waits, before the work commits.
 */
export async function whileCommitting<Answer>(
  app: FastifyInstance,
  companyId: number,
  work: (tx: Transaction) => Promise<unknown>,
  send: () => Promise<Answer>,
  meanwhile: () => Promise<unknown> = async () => undefined,
): Promise<Answer> {
  const { answer } = await inCompany(app.db, companyId, async (tx) => {
    await work(tx);
    const [backend] = await rowsOf<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
    const pid = backend?.pid ?? 0;
    const answer = send();
    await until(() => someoneWaitsOn(app, pid), 'the request waiting on the uncommitted work');
    await meanwhile();
    // Answered once the work has committed: not awaited in its transaction.
    return { answer };
  });
  return answer;
}

/**
 * A transaction of the company's that locks one row of `table` and holds it until `release()`;
 * `then` runs in it after the release, before it commits (`done`). Answered once the row is
 * held, with the backend `pid` that holds it (for someoneWaitsOn).
 */
export async function holdRow(
  app: FastifyInstance,
  companyId: number,
  table: 'contacts' | 'grants',
  id: number,
  then: (tx: Transaction) => Promise<unknown> = async () => undefined,
) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let pid = 0;
  const done = inCompany(app.db, companyId, async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE id = ${id} FOR UPDATE`);
    const [backend] = await rowsOf<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
    pid = backend?.pid ?? 0;
    await released;
    await then(tx);
  });
  await until(() => pid > 0, `the ${table} row held`);
  return { pid, release, done };
}
