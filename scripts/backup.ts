// `npm run backup [-- FILE]`: writes a backup of the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR, whether its server runs or not) to FILE, by default
// grantwell-YYYY-MM-DD-HHMMSS.backup in the current folder. The backup is written under a
// temporary name and takes FILE's name only once complete. Format:
// docs/decisions/0007-backup-format.md.
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { parseConfig } from '../src/server/config.ts';
import { formatSize, withDatabaseOf } from '../src/server/db/backup/target.ts';
import { writeBackup } from '../src/server/db/backup/write.ts';

const two = (n: number) => String(n).padStart(2, '0');
const defaultFile = (at: Date) =>
  `grantwell-${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}-` +
  `${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}.backup`;

async function main() {
  const config = parseConfig(process.env);
  const file = process.argv[2] ?? defaultFile(new Date());
  // A backup is never written over another.
  if (existsSync(file)) throw new Error(`${file} already exists: name another file.`);
  // This process's own: two backups started at once to one name write apart.
  const partial = `${file}.${process.pid}.partial`;
  try {
    // It holds password and session hashes: readable by its owner only, so made anew ('wx'),
    // never a file left there before with its own mode. Flushed to the disk before it is
    // closed, and so before it takes its name.
    await rm(partial, { force: true });
    const out = () => createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true });
    const summary = await withDatabaseOf(
      config.database,
      config.limits,
      { migrate: false },
      (url) => writeBackup(url, out()),
    );
    await rename(partial, file);
    const { size } = await stat(file);
    console.log(
      `Backed up ${summary.tables} tables, ${summary.rows} rows to ${file} (${formatSize(size)}).`,
    );
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

// Ctrl+C ends through the exit handlers, which stop a cluster started here and free DATA_DIR.
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));
main().catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
