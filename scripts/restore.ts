// `npm run restore -- FILE`: replaces every company's data in the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR, whether its server runs or not) with the
// backup's. The database is migrated first; the backup must have been made at the same
// migration. All or nothing: on any error the database is left as it was.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseConfig } from '../src/server/config.ts';
import { restoreBackup } from '../src/server/db/backup/restore.ts';
import { databaseWhere, formatSize, withDatabaseOf } from '../src/server/db/backup/target.ts';
import { hasCluster } from '../src/server/db/embedded-cluster.ts';

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('No such file.');
    throw error;
  }
}

async function main(file: string) {
  const config = parseConfig(process.env);
  const size = await sizeOf(file);
  const { database } = config;
  // A DATA_DIR with no database gets one (a restore onto a new machine): said, so that a
  // mistyped DATA_DIR is seen at once.
  const into =
    database.kind === 'embedded' && !hasCluster(database.dataDir)
      ? `a new database in ${resolve(database.dataDir)}`
      : databaseWhere(database);
  const summary = await withDatabaseOf(database, config.limits, { migrate: true }, (url) =>
    restoreBackup(url, createReadStream(file)),
  );
  console.log(
    `Restored ${summary.tables} tables, ${summary.rows} rows from ${file} (${formatSize(size)}) into ${into}.`,
  );
}

// Ctrl+C ends through the exit handlers, which stop a cluster started here and free DATA_DIR;
// the restore's transaction, cut off, leaves the database as it was.
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));
const file = process.argv[2];
if (!file) {
  console.error('Name the backup to restore: npm run restore -- FILE');
  process.exit(1);
}
main(file).catch((error: unknown) => {
  console.error(
    `Cannot restore ${file}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
