import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig, Limits } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';
import { requireTenantRoleIsolated } from './tenant-role-check.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseConfig['kind'];
  /** Flushes everything to the data files and closes the connection(s). */
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** An arbitrary constant that serialises migrations between servers sharing one database. */
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(
  config: DatabaseConfig,
  limits: Limits,
): Promise<DatabaseHandle> {
  return config.kind === 'server' ? openServer(config.url, limits) : openEmbedded(config);
}

/**
 * The embedded server lives in this process's memory, so its buffer pool is sized for it:
 * PostgreSQL's default 128 MB of shared buffers is allocated and touched up front, while the
 * files are also in the operating system's cache. 32 MB serves a 100,000-contact company at the
 * same speed (docs/PERFORMANCE.md) and keeps the process well under 400 MB.
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=32MB'];

async function openEmbedded(
  config: Extract<DatabaseConfig, { kind: 'embedded' | 'memory' }>,
): Promise<DatabaseHandle> {
  const release = config.kind === 'embedded' ? lockDataDir(config.dataDir) : () => {};
  try {
    const dataDir = config.kind === 'embedded' ? join(config.dataDir, 'pg') : 'memory://';
    const client = await PGlite.create(dataDir, {
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
      extensions: { pg_trgm },
    });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    await requireTenantRoleIsolated(db);
    return {
      db,
      kind: config.kind,
      async close() {
        try {
          await client.query('CHECKPOINT');
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openServer(url: string, limits: Limits): Promise<DatabaseHandle> {
  // Nothing waits without a bound: a statement, a transaction left idle (PostgreSQL ends it and
  // frees its connection), and a request waiting for a connection (answered 503).
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: limits.poolAcquireMs,
    statement_timeout: limits.statementMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionMs,
  });
  // A connection that breaks (the server restarted or went away) must not end the process: the
  // pool drops it and the next request gets a new one; a query on it fails, answered as 503.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: lockClient }), { migrationsFolder });
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema });
  // Each transaction gets a connection of its own that is always given back, and thrown away if
  // anything failed on it. (Left to the driver, a BEGIN that fails on a broken connection would
  // keep that connection checked out forever, and an outage would drain the pool.)
  // The pool reuses its clients, so each keeps its query builder (building one reads the schema).
  const builders = new WeakMap<pg.PoolClient, NodePgDatabase<typeof schema>>();
  db.transaction = async (work, config) => {
    const client = await pool.connect();
    let failed = false;
    try {
      let builder = builders.get(client);
      if (!builder) {
        builder = drizzlePg({ client, schema });
        builders.set(client, builder);
      }
      return await builder.transaction(work, config);
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      client.release(failed);
    }
  };
  await requireTenantRoleIsolated(db);
  return {
    db,
    kind: 'server',
    close: () => pool.end(),
  };
}
