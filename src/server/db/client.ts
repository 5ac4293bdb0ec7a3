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
  return config.kind === 'server' ? openServer(config.url, limits) : openEmbedded(config, limits);
}

/**
 * The embedded server lives in this process's memory, so its buffer pool is sized for it:
 * PostgreSQL's default 128 MB of shared buffers is allocated and touched up front, while the
 * files are also in the operating system's cache. 32 MB serves a 100,000-contact company at the
 * same speed (docs/PERFORMANCE.md) and keeps the process well under 400 MB.
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=32MB'];

/** Raised when a transaction waited too long for its connection: answered 503. */
class ConnectionWaitTimeout extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(waitMs: number) {
    super(`timeout exceeded when trying to connect (waited ${waitMs} ms)`);
  }
}

/**
 * The embedded database has one connection: every statement or transaction waits until the one
 * before it is done, in PGlite's exclusive section. That wait is bounded as a pool's is: past
 * `waitMs` the caller gets a ConnectionWaitTimeout (503), and when its turn comes the work is
 * skipped.
 */
function boundWaitForConnection(client: PGlite, waitMs: number) {
  const runExclusive = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = <T>(work: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      let state: 'waiting' | 'running' | 'abandoned' = 'waiting';
      const timer = setTimeout(() => {
        if (state !== 'waiting') return;
        state = 'abandoned';
        reject(new ConnectionWaitTimeout(waitMs));
      }, waitMs);
      runExclusive(() => {
        if (state === 'abandoned') return Promise.reject(new ConnectionWaitTimeout(waitMs));
        state = 'running';
        clearTimeout(timer);
        return work();
      }).then(resolve, (error: unknown) => {
        clearTimeout(timer);
        reject(error); // after the timeout, a second settle changes nothing
      });
    });
}

async function openEmbedded(
  config: Extract<DatabaseConfig, { kind: 'embedded' | 'memory' }>,
  limits: Limits,
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
    boundWaitForConnection(client, limits.poolAcquireMs);
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

/**
 * Applies the migrations on a connection of its own, outside the pool's time limits: a server
 * may wait its turn behind another that is migrating, and a migration may build a large index.
 */
async function migrateServer(url: string, limits: Limits) {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: limits.poolAcquireMs,
  });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client }), { migrationsFolder });
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    await client.end();
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
  await migrateServer(url, limits);
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
