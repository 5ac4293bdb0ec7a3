import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { buildTestApp } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

// Company ids start over in every database, and server test files share their worker's modules:
// what the process keeps about a company's lists (a search's matches) is named by the list's
// version, which is a clock stamp (migration 0012), so it is never another database's.
describe('one process, two databases', () => {
  const databases: TestDatabase[] = [];
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const database = await createTestDatabase();
      databases.push(database);
      apps.push(await buildTestApp({ database: { kind: 'server', url: database.url } }));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.drop();
  });

  it("answers a search from its own database, though the other's company and version match", async () => {
    const [first, second] = apps;
    if (!first || !second) throw new Error('two apps expected');
    const one = await registerCompany(first);
    const two = await registerCompany(second);
    // Fresh databases: the same company id, and two writes to the list in each.
    expect(two.user.companyId).toBe(one.user.companyId);
    const asOne = clientFor(first, one.cookie);
    const asTwo = clientFor(second, two.cookie);
    for (const name of ['Ovelia Ames', 'Ovelia Bond']) {
      expect((await asOne.post('/api/contacts', { name, email: 'o@x.org' })).statusCode).toBe(201);
    }
    for (const name of ['Ovelia Cruz', 'Pat Dunn']) {
      expect((await asTwo.post('/api/contacts', { name, email: 'p@x.org' })).statusCode).toBe(201);
    }

    const names = async (client: typeof asOne) =>
      (await client.get('/api/contacts?q=ovel')).json().map((c: { name: string }) => c.name);
    expect(await names(asOne)).toEqual(['Ovelia Ames', 'Ovelia Bond']);
    expect(await names(asTwo)).toEqual(['Ovelia Cruz']);
  });
});
