import type { TestProject } from 'vitest/node';
import { buildServerBundle } from '../../scripts/lib/server-bundle.mjs';
import { DEFAULT_LIMITS } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { startEmbeddedCluster } from '../../src/server/db/embedded-cluster.ts';
import { startScratchRun } from './scratch.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test run's embedded cluster: where to create databases, and the migrated template. */
    testCluster: { adminUrl: string; template: string };
    /**
     * A data directory as a server's first start leaves it (the cluster created, the database
     * migrated, stopped): process tests copy it instead of running initdb for every server.
     */
    serverDataTemplate: string;
    /** The run's folder for what tests write (test/helpers/scratch.ts). */
    scratchRoot: string;
  }
}

const TEMPLATE = 'grantwell_template';

/** A connection string for the server's `postgres` database, from one naming any database. */
function adminUrlOf(url: string) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
}

const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/**
 * On a PostgreSQL server (TEST_DATABASE_URL): the database it names is migrated once and is the
 * template each test file's own database is copied from, as on the embedded cluster, so files
 * share no rows and run side by side. The copies are named after it (copiesOf).
 */
async function migratedServerTemplate(serverUrl: string) {
  const database = await openDatabase({ kind: 'server', url: serverUrl }, DEFAULT_LIMITS);
  await database.close();
  return { adminUrl: adminUrlOf(serverUrl), template: databaseOf(serverUrl) };
}

/** Drops the databases the test files copied from the server's template. */
async function dropCopiesOf(serverUrl: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrlOf(serverUrl) });
  await client.connect();
  try {
    const copies = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [`${databaseOf(serverUrl)}_copy_`],
    );
    for (const { datname } of copies.rows) {
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

/**
 * One embedded PostgreSQL cluster for the whole test run, in a temporary directory, with a
 * template database migrated once; each test file gets a database copied from it
 * (test/helpers/test-database.ts). With TEST_DATABASE_URL the database it names on that server
 * is the template instead.
 * Durability is traded for speed here only: nothing of a test run outlives it.
 */
export default async function setup(project: TestProject) {
  // The server processes that tests start run the bundle of the current sources.
  await buildServerBundle();
  const scratch = await startScratchRun();
  project.provide('scratchRoot', scratch.root);
  const serverData = scratch.dir('data-template');
  const serverDataReady = openDatabase({ kind: 'embedded', dataDir: serverData }, DEFAULT_LIMITS)
    .then((handle) => handle.close())
    .then(() => project.provide('serverDataTemplate', serverData));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    try {
      project.provide('testCluster', await migratedServerTemplate(serverUrl));
      await serverDataReady;
    } catch (error) {
      await serverDataReady.catch(() => undefined);
      scratch.remove();
      throw error;
    }
    return async () => {
      await dropCopiesOf(serverUrl);
      scratch.remove();
    };
  }
  const cluster = await startEmbeddedCluster(scratch.dir('test'), {
    settings: {
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: '300',
    },
  });
  try {
    const admin = cluster.urlOf('postgres');
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${TEMPLATE}`);
    await client.end();
    const template = await openDatabase(
      { kind: 'server', url: cluster.urlOf(TEMPLATE) },
      DEFAULT_LIMITS,
    );
    await template.close();
    project.provide('testCluster', { adminUrl: admin, template: TEMPLATE });
    await serverDataReady;
  } catch (error) {
    await cluster.stop();
    await serverDataReady.catch(() => undefined);
    scratch.remove();
    throw error;
  }
  return async () => {
    await cluster.stop();
    scratch.remove();
  };
}
