import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export interface TestDatabase {
  url: string;
  /** The database's name, as `CREATE DATABASE` got it. */
  name: string;
  drop(): Promise<void>;
}

async function onAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database for a test file or a test that must not share one: a copy of the migrated
 * template, on the test run's embedded cluster or on the server named by TEST_DATABASE_URL
 * (test/helpers/global-database.ts), named after the template.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, template } = inject('testCluster');
  const name = `${template}_copy_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onAdmin(adminUrl, (client) =>
    client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      await onAdmin(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  };
}

/** The database a test file's app uses: a fresh copy of the template, its own. */
export async function defaultTestDatabaseUrl(): Promise<string> {
  return (await createTestDatabase()).url;
}

/** The Unix socket a connection string names (`?host=/dir`), if it names one. */
export function socketPathOf(url: string): string | undefined {
  const host = new URL(url).searchParams.get('host');
  return host?.startsWith('/') ? `${host}/.s.PGSQL.${new URL(url).port || 5432}` : undefined;
}
