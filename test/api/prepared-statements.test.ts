import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { buildTestApp } from '../helpers/test-app.ts';

describe('list queries', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('run as named prepared statements, parsed once per connection', async () => {
    const { cookie } = await registerCompany(app);
    const client = clientFor(app, cookie);
    await client.post('/api/contacts', { name: 'Ada Lovelace', email: 'ada@engine.org' });
    for (let i = 0; i < 3; i++) {
      const list = await client.get('/api/contacts?limit=25');
      expect(list.json()).toHaveLength(1);
    }
    // Requests one at a time reuse the pool's most recent connection: the one asked here.
    const result = await app.db.transaction((tx) =>
      tx.execute(sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'gw_%'`),
    );
    const statements = (result as { rows: { name: string }[] }).rows;
    // The page (the session lookup and the kept count are plain statements): prepared once for
    // all three requests.
    expect(statements).toHaveLength(1);
    // A search is two more statements, prepared once too: the list's search function's matches
    // (the function plans its query with the pattern's value each time: a kept generic plan
    // would not know that the pattern is selective), and the page's rows by their ids.
    for (let i = 0; i < 7; i++) {
      expect((await client.get('/api/contacts?limit=25&q=ada')).json()).toHaveLength(1);
    }
    const after = await app.db.transaction((tx) =>
      tx.execute(sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'gw_%'`),
    );
    expect((after as { rows: unknown[] }).rows).toHaveLength(3);
  });
});
