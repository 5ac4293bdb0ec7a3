import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/server/db/client.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import { contacts } from '../../src/server/db/schema.ts';
import { beforeCompanyIsKnown, inCompany } from '../../src/server/db/scope.ts';
import { createContactsRepository } from '../../src/server/modules/contacts/contacts.repository.ts';
import { registerCompany } from '../helpers/factories.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();
let companyId: number;

beforeAll(async () => {
  companyId = (await registerCompany(app)).user.companyId;
});

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

const contact = (name: string, email: string) => ({
  name,
  email,
  phone: null,
  organization: null,
  notes: null,
});

describe('repository calls in one transaction', () => {
  it('commit or roll back as one when each is given the transaction', async () => {
    const repository = createContactsRepository(app.db);
    await expect(
      inCompany(app.db, companyId, async (tx) => {
        await repository.create(companyId, contact('First of two', 'one@x.org'), tx);
        await repository.create(companyId, contact('Second of two', 'two@x.org'), tx);
        throw new Error('the second step failed');
      }),
    ).rejects.toThrow('the second step failed');
    const { rows } = await repository.list(companyId, { q: 'of two' });
    expect(rows).toEqual([]);

    await inCompany(app.db, companyId, async (tx) => {
      await repository.create(companyId, contact('Third of two', 'three@x.org'), tx);
      // Read back inside: the same transaction sees its own uncommitted row.
      expect((await repository.list(companyId, { q: 'Third of two' }, tx)).total).toBe(1);
    });
    expect((await repository.list(companyId, { q: 'Third of two' })).total).toBe(1);
  });

  it("refuses another company's transaction, and one that has ended", async () => {
    const other = (await registerCompany(app)).user.companyId;
    const repository = createContactsRepository(app.db);
    await expect(
      inCompany(app.db, other, (tx) => repository.list(companyId, {}, tx)),
    ).rejects.toThrow(`not an open transaction of company ${companyId}`);

    let ended: Transaction | undefined;
    await inCompany(app.db, companyId, async (tx) => {
      ended = tx;
    });
    if (!ended) throw new Error('the transaction did not run');
    await expect(repository.list(companyId, {}, ended)).rejects.toThrow(
      'not an open transaction of company',
    );
  });

  it('reads from one snapshot in a transaction of its own, read only, and will not join one', async () => {
    const seen = await inCompany(
      app.db,
      companyId,
      (tx) =>
        rowsOf<{ isolation: string; readOnly: string }>(
          tx,
          sql`SELECT current_setting('transaction_isolation') AS isolation,
                     current_setting('transaction_read_only') AS "readOnly"`,
        ),
      { oneSnapshot: true },
    );
    expect(seen).toEqual([{ isolation: 'repeatable read', readOnly: 'on' }]);
    await expect(
      inCompany(app.db, companyId, (tx) =>
        inCompany(tx, companyId, async () => 1, { oneSnapshot: true }),
      ),
    ).rejects.toThrow('a read from one snapshot opens its own transaction');
  });

  it('refuses a tenant transaction where an owner one is needed, and the reverse', async () => {
    await expect(
      inCompany(app.db, companyId, (tx) => beforeCompanyIsKnown(tx, async () => 1)),
    ).rejects.toThrow('not an open transaction of the owner role');
    await expect(
      beforeCompanyIsKnown(app.db, (tx) => inCompany(tx, companyId, async () => 1)),
    ).rejects.toThrow('not an open transaction of company');
  });
});
