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
 * A new database for a test file or a test that must not share one. On the test run's
 * embedded cluster it is a copy of the migrated template; on the server named by
 * TEST_DATABASE_URL it starts empty and the app migrates it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const cluster = inject('testCluster');
  const serverUrl = process.env.TEST_DATABASE_URL;
  const adminUrl = cluster?.adminUrl ?? serverUrl;
  if (!adminUrl) throw new Error('no test cluster and no TEST_DATABASE_URL');
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onAdmin(adminUrl, (client) =>
    client.query(
      cluster ? `CREATE DATABASE ${name} TEMPLATE ${cluster.template}` : `CREATE DATABASE ${name}`,
    ),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      await onAdmin(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

/**
 * The database most test files use: a fresh copy of the template on the embedded cluster, or
 * the CI server's test database itself (tests create their own companies, so they share
 * nothing).
 */
export async function defaultTestDatabaseUrl(): Promise<string> {
  return process.env.TEST_DATABASE_URL ?? (await createTestDatabase()).url;
}

/** The Unix socket a connection string names (`?host=/dir`), if it names one. */
export function socketPathOf(url: string): string | undefined {
  const host = new URL(url).searchParams.get('host');
  return host?.startsWith('/') ? `${host}/.s.PGSQL.${new URL(url).port || 5432}` : undefined;
}
