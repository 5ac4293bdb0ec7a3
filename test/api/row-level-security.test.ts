import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/server/db/schema.ts';
import { inCompany, TENANT_ROLE } from '../../src/server/db/scope.ts';
import { requireTenantRoleIsolated } from '../../src/server/db/tenant-role-check.ts';
import { registerCompany } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { scratchDir } from '../helpers/scratch.ts';
import { appForThisFile, buildTestApp } from '../helpers/test-app.ts';

const app = await appForThisFile();
let companyA: number;
let companyB: number;

beforeAll(async () => {
  const a = await registerCompany(app);
  const b = await registerCompany(app);
  companyA = a.user.companyId;
  companyB = b.user.companyId;
  await clientFor(app, a.cookie).post('/api/contacts', { name: 'A1', email: 'a1@x.org' });
  await clientFor(app, a.cookie).post('/api/contacts', { name: 'A2', email: 'a2@x.org' });
  await clientFor(app, b.cookie).post('/api/contacts', { name: 'B1', email: 'b1@x.org' });
});

describe('row-level security, the second wall', () => {
  it("with a company set, a query with no WHERE returns only that company's rows", async () => {
    const rows = await inCompany(app.db, companyA, (tx) =>
      tx.select({ name: contacts.name, companyId: contacts.companyId }).from(contacts),
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.map((r) => r.companyId))).toEqual(new Set([companyA]));
    expect(rows.map((r) => r.name)).not.toContain('B1');
  });

  it("every table with a company's rows is behind row-level security, forced, with a tenant policy", async () => {
    const { rows } = await app.db.$client.query<{
      name: string;
      forced: boolean;
      policies: number;
    }>(
      `SELECT c.relname AS name, c.relrowsecurity AND c.relforcerowsecurity AS forced,
              (SELECT count(*)::int FROM pg_policies p
                WHERE p.schemaname = 'public' AND p.tablename = c.relname
                  AND $1 = ANY (p.roles)
                  AND p.qual LIKE '%app.company_id%') AS policies
         FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
          AND EXISTS (SELECT 1 FROM pg_attribute a
                       WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped)
        ORDER BY 1`,
      [TENANT_ROLE],
    );
    expect(rows.map((row) => row.name)).toContain('grant_requirements');
    expect(rows.filter((row) => !row.forced || row.policies !== 1)).toEqual([]);
  });

  it('with no company set, the tenant role sees nothing', async () => {
    const rows = await app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('role', ${TENANT_ROLE}, true)`);
      return tx.select().from(contacts);
    });
    expect(rows).toEqual([]);
  });

  it('refuses an INSERT naming another company', async () => {
    await expect(
      inCompany(app.db, companyA, (tx) =>
        tx.insert(contacts).values({ companyId: companyB, name: 'Smuggled', email: 's@x.org' }),
      ),
    ).rejects.toThrow();
    const rows = await inCompany(app.db, companyB, (tx) =>
      tx.select({ name: contacts.name }).from(contacts),
    );
    expect(rows.map((r) => r.name)).toEqual(['B1']);
  });

  it('refuses to move a row to another company', async () => {
    await expect(
      inCompany(app.db, companyA, (tx) => tx.update(contacts).set({ companyId: companyB })),
    ).rejects.toThrow();
  });

  it('runs tenant work as the tenant role, which is no superuser and cannot bypass RLS', async () => {
    await expect(requireTenantRoleIsolated(app.db)).resolves.toBeUndefined();
    const role = await inCompany(app.db, companyA, (tx) =>
      tx.execute(sql`SELECT current_user AS "user"`),
    );
    expect((role as { rows: { user: string }[] }).rows[0]?.user).toBe(TENANT_ROLE);
  });

  it("the search functions (which read as the owner) find only the transaction's company's rows", async () => {
    const ids = (result: unknown) => (result as { rows: { id: number }[] }).rows.map((r) => r.id);
    const search = (list: 'contacts' | 'interactions', only = sql`NULL`) =>
      sql`SELECT id FROM ${sql.identifier(`${list}_search_page`)}('%', 'created_at', false, NULL, 0, ${only})
          WHERE id IS NOT NULL`;
    const own = await inCompany(app.db, companyA, (tx) => tx.execute(search('contacts')));
    const expected = await inCompany(app.db, companyA, (tx) =>
      tx.execute(sql`SELECT id FROM contacts WHERE company_id = ${companyA}`),
    );
    expect(ids(own).sort()).toEqual(ids(expected).sort());
    expect(ids(own)).toHaveLength(2);
    const none = await app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('role', ${TENANT_ROLE}, true)`);
      return tx.execute(search('contacts'));
    });
    expect(ids(none)).toEqual([]);
    const other = await inCompany(app.db, companyB, (tx) => tx.execute(search('interactions')));
    expect(ids(other)).toEqual([]);
    // The sort column is named in the function's query: only the list's own columns are taken.
    await expect(
      inCompany(app.db, companyA, (tx) =>
        tx.execute(
          sql`SELECT * FROM contacts_search_page('%', 'notes" FROM users --', false, 1, 0, NULL)`,
        ),
      ),
    ).rejects.toThrow();
  });

  // A role is the whole cluster's, and other test files share this one: the change is made on
  // an embedded cluster of the test's own, started as `npm start` starts it.
  it('refuses to serve when the tenant role could bypass row-level security', async () => {
    const dataDir = scratchDir('rls');
    const own = await buildTestApp({ database: { kind: 'embedded', dataDir } });
    try {
      await own.db.execute(sql.raw(`ALTER ROLE ${TENANT_ROLE} BYPASSRLS`));
      await expect(requireTenantRoleIsolated(own.db)).rejects.toThrow(/Refusing to serve/);
    } finally {
      await own.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
