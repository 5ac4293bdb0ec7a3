import { resolve } from 'node:path';
import pg from 'pg';
import type { DatabaseConfig, Limits } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock.ts';
import {
  EMBEDDED_DATABASE,
  type EmbeddedCluster,
  hasCluster,
  socketDirFor,
  startEmbeddedCluster,
} from '../embedded-cluster.ts';

/** Where the configured database is, in words: its data directory, or DATABASE_URL's server. */
export const databaseWhere = (config: DatabaseConfig) =>
  config.kind === 'server'
    ? "DATABASE_URL's database"
    : `the database in ${resolve(config.dataDir)}`;

/**
 * Runs `work` on the URL of the configured database: DATABASE_URL's server; or the embedded
 * cluster of DATA_DIR, through its socket while a Grantwell server holds the directory, else
 * started here under the directory's lock and stopped afterwards. `migrate` applies the
 * migrations first (a running server has applied them), and makes the cluster when DATA_DIR has
 * none (a restore onto a new machine); without it, a DATA_DIR with no cluster (mistyped, or not
 * yet used) is refused, and nothing is made there.
 */
export async function withDatabaseOf<T>(
  config: DatabaseConfig,
  limits: Limits,
  { migrate }: { migrate: boolean },
  work: (url: string) => Promise<T>,
): Promise<T> {
  if (config.kind === 'embedded' && !migrate && !hasCluster(config.dataDir)) {
    throw new Error(
      `There is no Grantwell database in ${resolve(config.dataDir)}: set DATA_DIR to the folder the server keeps its data in.`,
    );
  }
  const migrated = async (url: string) => {
    if (migrate) await (await openDatabase({ kind: 'server', url }, limits)).close();
    return url;
  };
  if (config.kind === 'server') return work(await migrated(config.url));
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir, migrate ? 'restore' : 'backup');
  } catch (error) {
    // A server holds the directory: its database is reached through its socket. A backup or
    // restore holding it is waited for by no one: this one is refused.
    if (!(error instanceof DataDirLockedError) || error.holder !== 'server') throw error;
    return work(await runningServerUrl(config.dataDir));
  }
  let cluster: EmbeddedCluster | undefined;
  try {
    cluster = await startEmbeddedCluster(config.dataDir);
    return await work(await migrated(cluster.urlOf(EMBEDDED_DATABASE)));
  } finally {
    await cluster?.stop();
    release();
  }
}

/** The embedded database of the server running on `dataDir`, as the server itself reaches it. */
async function runningServerUrl(dataDir: string): Promise<string> {
  const socketDir = socketDirFor(resolve(dataDir));
  const url = `postgresql://postgres@localhost/${EMBEDDED_DATABASE}?host=${encodeURIComponent(socketDir)}`;
  const probe = new pg.Client({ connectionString: url });
  probe.on('error', () => {});
  try {
    await probe.connect();
  } catch {
    throw new Error(
      `A Grantwell server holds ${resolve(dataDir)}, but its database does not answer on ${socketDir}; try again once the server is up.`,
    );
  } finally {
    await probe.end().catch(() => {});
  }
  return url;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
