import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../src/server/db/client.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { until } from './until.ts';

/** Whether a statement of the test's database waits for a lock. */
async function someoneWaitsOnALock(app: FastifyInstance) {
  const { rows } = await app.db.$client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Two people doing opposite things at the same moment: `work` (a deletion, say) is done in a
 * transaction of the company's own, and before it commits `send` makes a request that needs what
 * `work` holds. Once the request waits on that work's locks, the work commits; the request's
 * answer is then what it makes of the world after it.
 */
export async function whileCommitting<Answer>(
  app: FastifyInstance,
  companyId: number,
  work: (tx: Transaction) => Promise<unknown>,
  send: () => Promise<Answer>,
): Promise<Answer> {
  const { answer } = await inCompany(app.db, companyId, async (tx) => {
    await work(tx);
    const answer = send();
    await until(() => someoneWaitsOnALock(app), 'the request waiting on the uncommitted work');
    // Answered once the work has committed: not awaited in its transaction.
    return { answer };
  });
  return answer;
}
