import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/server/db/schema.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { registerCompany } from '../helpers/factories.ts';
import { buildTestApp } from '../helpers/test-app.ts';

let app: FastifyInstance;
let companyId: number;

beforeAll(async () => {
  app = await buildTestApp();
  companyId = (await registerCompany(app)).user.companyId;
});
afterAll(() => app.close());

const backendsOf = async () => {
  const result = await app.db.transaction((tx) =>
    tx.execute(sql`SELECT pid, state FROM pg_stat_activity
      WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`),
  );
  return (result as unknown as { rows: { pid: number; state: string }[] }).rows;
};

describe('a tenant transaction', () => {
  it('runs with its company and role set, and leaves neither on the connection after it', async () => {
    const inside = await inCompany(app.db, companyId, (tx) =>
      tx.execute(sql`SELECT current_setting('app.company_id') AS company, current_user AS "user"`),
    );
    expect((inside as unknown as { rows: unknown[] }).rows[0]).toEqual({
      company: String(companyId),
      user: 'grantwell_app',
    });
    // Requests one at a time reuse the pool's most recent connection: the one asked here.
    const after = await app.db.transaction((tx) =>
      tx.execute(
        sql`SELECT coalesce(current_setting('app.company_id', true), '') AS company, current_user <> 'grantwell_app' AS "owner"`,
      ),
    );
    expect((after as unknown as { rows: unknown[] }).rows[0]).toEqual({ company: '', owner: true });
  });

  it('is rolled back when its work fails, and its connection is kept, not left in the transaction', async () => {
    const before = (await backendsOf()).map((b) => b.pid).sort();
    await expect(
      inCompany(app.db, companyId, async (tx) => {
        await tx.insert(contacts).values({ companyId, name: 'Rolled Back', email: 'rb@x.org' });
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    const rows = await inCompany(app.db, companyId, (tx) =>
      tx.select().from(contacts).where(eq(contacts.name, 'Rolled Back')),
    );
    expect(rows).toEqual([]);
    const now = await backendsOf();
    expect(now.filter((b) => b.state.startsWith('idle in transaction'))).toEqual([]);
    // The same connections as before: the failed work's connection was given back whole.
    expect(now.map((b) => b.pid).sort()).toEqual(before);
  });

  it('refuses a company that is not a whole number before sending anything', async () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(inCompany(app.db, bad, () => Promise.resolve(1))).rejects.toThrow(
        /not a company id/,
      );
    }
  });
});
