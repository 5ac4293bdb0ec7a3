import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerCompany } from '../helpers/factories.ts';
import { type Client, clientFor } from '../helpers/requests.ts';
import { appForThisFile, buildTestApp } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const ROWS = 12_000;

const app = await appForThisFile();

/** The rows of a raw query (the pool's driver answers `{ rows }`). */
async function rowsOf<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await app.db.execute(query)) as unknown as { rows: Row[] }).rows;
}
let client: Client;
let companyId: number;

/** Adds contacts straight into the table (as the owner): names repeat, so ties need the id. */
async function addContacts(rows: number, prefix: string) {
  await app.db.execute(sql`
    INSERT INTO contacts (company_id, name, email, organization, created_at)
    SELECT ${companyId}, ${prefix} || ' ' || (i % 997), 'p' || i || '@' || ${prefix} || '.org',
           CASE WHEN i % 3 = 0 THEN NULL ELSE 'Fund ' || (i % 50) END,
           now() - (i % 500) * interval '1 minute'
    FROM generate_series(1, ${rows}) AS i`);
}

/** The page as OFFSET computes it, straight from the table: what the API must answer. */
async function expectedIds(order: string, offset: number, where = sql`true`) {
  const rows = await rowsOf<{ id: number }>(
    sql`SELECT id FROM contacts WHERE company_id = ${companyId} AND ${where}
        ORDER BY ${sql.raw(order)} LIMIT 50 OFFSET ${offset}`,
  );
  return rows.map((row) => row.id);
}

async function pageIds(query: string) {
  const response = await client.get(`/api/contacts?limit=50&${query}`);
  expect(response.statusCode).toBe(200);
  return {
    ids: (response.json() as { id: number }[]).map((contact) => contact.id),
    total: Number(response.headers['x-total-count']),
  };
}

beforeAll(async () => {
  const company = await registerCompany(app);
  companyId = company.user.companyId;
  client = clientFor(app, company.cookie);
  await addContacts(ROWS, 'Person');
}, 60_000);

describe('deep pages of a long list', () => {
  const sorts: [string, string][] = [
    ['', 'name COLLATE "und-x-icu" ASC, id ASC'],
    ['sort=-name', 'name COLLATE "und-x-icu" DESC, id DESC'],
    ['sort=createdAt', 'created_at ASC, id ASC'],
    ['sort=-email', 'email COLLATE "und-x-icu" DESC, id DESC'],
    // organization may be NULL: read without a seek, still exact
    ['sort=organization', 'organization COLLATE "und-x-icu" ASC, id ASC'],
  ];
  it.each(sorts)('%s: every page is the one OFFSET gives', async (query, order) => {
    for (const offset of [0, 950, 5_999, 6_000, 6_001, 7_321, 11_000, ROWS - 50, ROWS - 10]) {
      const page = await pageIds(`${query}&offset=${offset}`);
      expect(page.total).toBe(ROWS);
      expect(page.ids, `offset ${offset}`).toEqual(await expectedIds(order, offset));
    }
  });

  it('a search over many rows pages exactly too', async () => {
    const where = sql`(name || chr(31) || email || chr(31) || coalesce(organization, '')) ILIKE '%Fund 1%'`;
    const [counted] = await rowsOf<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM contacts WHERE company_id = ${companyId} AND ${where}`,
    );
    const n = counted?.n ?? 0;
    for (const offset of [0, 1_100, Math.floor(n / 2), n - 50]) {
      const page = await pageIds(`q=${encodeURIComponent('Fund 1')}&offset=${offset}`);
      expect(page.total).toBe(n);
      expect(page.ids).toEqual(
        await expectedIds('name COLLATE "und-x-icu" ASC, id ASC', offset, where),
      );
    }
  });

  it('a search answered again follows every write: a new match, a rename, a deletion', async () => {
    const query = `q=${encodeURIComponent('Fund 7')}&sort=-name`;
    const before = await pageIds(query);
    expect((await pageIds(query)).ids).toEqual(before.ids); // the same answer twice
    const added = await client.post('/api/contacts', {
      name: 'Zz Newest',
      email: 'zz@new.org',
      organization: 'Fund 7',
    });
    const id = (added.json() as { id: number }).id;
    let page = await pageIds(query);
    expect(page.total).toBe(before.total + 1);
    expect(page.ids[0]).toBe(id); // sorts first by name, descending
    await client.patch(`/api/contacts/${id}`, { organization: 'Elsewhere' });
    page = await pageIds(query);
    expect(page.total).toBe(before.total);
    expect(page.ids).toEqual(before.ids);
    await client.patch(`/api/contacts/${id}`, { organization: 'Fund 7' });
    expect((await pageIds(query)).ids[0]).toBe(id);
    await client.delete(`/api/contacts/${id}`);
    page = await pageIds(query);
    expect(page.ids).toEqual(before.ids);
    expect(page.total).toBe(before.total);
  });

  it('a search with more matches than are kept pages exactly too', async () => {
    // Every row matches "@": more than the 20,000 matches a server keeps of one search.
    await addContacts(9_000, 'Extra');
    const where = sql`email LIKE '%@%'`;
    const [counted] = await rowsOf<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM contacts WHERE company_id = ${companyId} AND ${where}`,
    );
    const n = counted?.n ?? 0;
    expect(n).toBeGreaterThan(20_000);
    for (const offset of [0, 10_050, n - 50, n + 10]) {
      const page = await pageIds(`q=%40&sort=email&offset=${offset}`);
      expect(page.total).toBe(n);
      expect(page.ids, `offset ${offset}`).toEqual(
        await expectedIds('email COLLATE "und-x-icu" ASC, id ASC', offset, where),
      );
    }
    await app.db.execute(
      sql`DELETE FROM contacts WHERE company_id = ${companyId} AND name LIKE 'Extra %'`,
    );
  }, 60_000);

  it('after a write, deep pages follow it (nothing is read from before)', async () => {
    const before = await pageIds('offset=6500');
    // Rows that sort before every other shift every later page.
    const added = await client.post('/api/contacts', { name: 'Aaron Aardvark', email: 'a@a.org' });
    expect(added.statusCode).toBe(201);
    const after = await pageIds('offset=6500');
    expect(after.ids).toEqual(await expectedIds('name COLLATE "und-x-icu" ASC, id ASC', 6_500));
    expect(after.ids.slice(1)).toEqual(before.ids.slice(0, 49));
    await client.delete(`/api/contacts/${(added.json() as { id: number }).id}`);
    expect((await pageIds('offset=6500')).ids).toEqual(before.ids);
  });
});

describe('the kept count of a list', () => {
  const tableCount = async () =>
    (
      await rowsOf<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM contacts WHERE company_id = ${companyId}`,
      )
    )[0]?.n;

  it('follows creations, deletions and imports, and is the table count', async () => {
    const start = (await pageIds('offset=0')).total;
    expect(start).toBe(await tableCount());
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client.post('/api/contacts', { name: `Parallel ${i}`, email: `par${i}@x.org` }),
      ),
    );
    for (const answer of created) expect(answer.statusCode).toBe(201);
    expect((await pageIds('offset=0')).total).toBe(start + 10);
    await Promise.all(
      created.map((answer) =>
        client.delete(`/api/contacts/${(answer.json() as { id: number }).id}`),
      ),
    );
    expect((await pageIds('offset=0')).total).toBe(start);
    expect(await tableCount()).toBe(start);
  });

  it('is not changed by a write that fails', async () => {
    const start = (await pageIds('offset=0')).total;
    const bad = await client.post('/api/contacts', { name: '', email: 'nobody' });
    expect(bad.statusCode).toBe(400);
    expect((await pageIds('offset=0')).total).toBe(start);
  });
});

describe('deep pages of two databases in one server process', () => {
  it('never read one database through boundaries kept for the other', async () => {
    for (const prefix of ['Alpha', 'Omega']) {
      const own = await createTestDatabase();
      const other = await buildTestApp({ database: { kind: 'server', url: own.url } });
      try {
        const company = await registerCompany(other);
        // One statement each: the same company id, list and number of writes in both.
        await other.db.execute(sql`
          INSERT INTO contacts (company_id, name, email)
          SELECT ${company.user.companyId}, ${prefix} || ' ' || lpad(i::text, 6, '0'), 'p' || i || '@x.org'
          FROM generate_series(1, ${ROWS}) AS i`);
        const page = await clientFor(other, company.cookie).get(
          '/api/contacts?limit=50&offset=6000',
        );
        const names = (page.json() as { name: string }[]).map((contact) => contact.name);
        expect(names[0]).toBe(`${prefix} 006001`);
      } finally {
        await other.close();
        await own.drop();
      }
    }
  }, 60_000);
});
