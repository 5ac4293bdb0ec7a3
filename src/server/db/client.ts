import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DatabaseConfig, Limits } from '../config.ts';
import { projectFiles } from '../lib/project-files.ts';
import { companyShares } from './company-shares.ts';
import { lockDataDir } from './data-dir-lock.ts';
import {
  EMBEDDED_DATABASE,
  type EmbeddedCluster,
  startEmbeddedCluster,
} from './embedded-cluster.ts';
import { requireTenantRoleIsolated } from './tenant-role-check.ts';

/** The query builder over the pool; `$client` is the pool, for the few hot plain statements. */
export type Database = PgDatabase<PgQueryResultHKT> & { $client: pg.Pool };
/**
 * The query builder of one transaction: its queries run on the transaction's connection,
 * `$client` (for the few hot statements sent without the builder).
 */
export type Transaction = Omit<Database, 'transaction' | '$client'> & { $client: pg.PoolClient };

type TransactionRunner = <T>(
  work: (tx: Transaction) => Promise<T>,
  opening?: string,
  companyId?: number,
) => Promise<T>;
const runners = new WeakMap<object, TransactionRunner>();

/** Whether `db` is a database opened by `openDatabase` (rather than one of its transactions). */
export function isDatabase(db: Database | Transaction): db is Database {
  return runners.has(db);
}

/**
 * Runs `work` in a transaction on a connection of its own, always given back: kept when the
 * transaction ended cleanly (committed, or rolled back after `work` failed), thrown away when
 * BEGIN, COMMIT or ROLLBACK itself failed (a broken connection). Left to the driver, a BEGIN
 * that fails on a broken connection would keep that connection checked out forever, and an
 * outage would drain the pool.
 *
 * `opening` is SQL of the caller's sent with the BEGIN in one round trip (simple protocol: no
 * parameters, so only constants and checked integers belong in it). A transaction of a company
 * (`companyId`) takes a connection within the company's share of the pool (COMPANY_SHARE).
 *
 * The driver's own transactions would also build a transaction object and its SQL for each
 * BEGIN and COMMIT; here each pooled connection keeps one query builder for all its
 * transactions (no savepoints are used).
 */
export function transaction<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
  opening?: string,
  companyId?: number,
): Promise<T> {
  const run = runners.get(db);
  if (!run) throw new Error('not a database opened by openDatabase');
  return run(work, opening, companyId);
}

interface DatabaseHandle {
  db: Database;
  kind: DatabaseConfig['kind'];
  /** Flushes everything to the data files and closes the connection(s). */
  close(): Promise<void>;
}

/** The connections a server keeps to its database. */
const POOL_SIZE = 10;
/**
 * How many of them one company's transactions may hold at once: the other half stays for the
 * other companies, whatever one of them is doing.
 */
export const COMPANY_SHARE = POOL_SIZE / 2;

/** An arbitrary constant that serialises migrations between servers sharing one database. */
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(
  config: DatabaseConfig,
  limits: Limits,
): Promise<DatabaseHandle> {
  return config.kind === 'server'
    ? openServer(config.url, limits)
    : openEmbedded(config.dataDir, limits);
}

/**
 * The embedded database: a PostgreSQL cluster in the data directory, served through the same
 * pool as a server. The data directory's lock comes first (a second server on it is refused),
 * and closing stops the cluster once the pool's connections are ended.
 */
async function openEmbedded(dataDir: string, limits: Limits): Promise<DatabaseHandle> {
  const release = lockDataDir(dataDir);
  let cluster: EmbeddedCluster | undefined;
  try {
    cluster = await startEmbeddedCluster(dataDir);
    const handle = await openServer(cluster.urlOf(EMBEDDED_DATABASE), limits);
    const started = cluster;
    return {
      db: handle.db,
      kind: 'embedded',
      async close() {
        try {
          await handle.close();
          await started.stop();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    await cluster?.stop();
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
    await migratePg(drizzlePg({ client }), { migrationsFolder: projectFiles.migrationsFolder });
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
    max: POOL_SIZE,
    connectionTimeoutMillis: limits.poolAcquireMs,
    statement_timeout: limits.statementMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionMs,
    // The app's statements are short: compiling one to machine code (PostgreSQL's JIT, where
    // the server has it) costs more than it saves, and it cost the API suite half the server's
    // CPU (docs/PERFORMANCE.md).
    options: '-c jit=off',
  });
  // A connection that breaks (the server restarted or went away) must not end the process: the
  // pool drops it and the next request gets a new one; a query on it fails, answered as 503.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  await migrateServer(url, limits);
  // No relational schema: nothing here uses `db.query`, and with one every transaction would
  // build a query builder for each table.
  const db = drizzlePg({ client: pool });
  // The pool reuses its clients, so each keeps its query builder.
  const builders = new WeakMap<pg.PoolClient, NodePgDatabase & { $client: pg.PoolClient }>();
  const shares = companyShares(COMPANY_SHARE, limits.poolAcquireMs);
  const run: TransactionRunner = async (work, opening, companyId) => {
    const leave = companyId === undefined ? () => {} : await shares.enter(companyId);
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      leave();
      throw error;
    }
    let broken = true;
    try {
      let builder = builders.get(client);
      if (!builder) {
        builder = drizzlePg({ client });
        builders.set(client, builder);
      }
      await client.query(opening ? `BEGIN; ${opening}` : 'BEGIN');
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work(builder);
      } catch (error) {
        await client.query('ROLLBACK').then(
          () => {
            broken = false;
          },
          () => {}, // the connection is gone: the original error is the one to answer
        );
        throw error;
      }
      await client.query('COMMIT');
      broken = false;
      return result;
    } finally {
      client.release(broken);
      leave();
    }
  };
  runners.set(db, run);
  db.transaction = (work) => run(work as unknown as (tx: Transaction) => Promise<never>);
  await requireTenantRoleIsolated(db);
  return {
    db,
    kind: 'server',
    close: () => pool.end(),
  };
}
