import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { projectFiles } from '../../src/server/lib/project-files.ts';

/** A statement on the database at `url` as its owner (who runs the migrations): its rows. */
export async function asOwner<Row = unknown>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/**
 * Runs the migration `tag` (its file name less .sql) again, on rows a test wrote as they were
 * before it, in one transaction, statement by statement as the migrator runs it. The app's jobs
 * run beside it (a reminder's scan writing its rows): a run chosen as a deadlock's victim is
 * rolled back and run again, as the migrator's would be at the next start.
 */
export async function runMigrationAgain(url: string, tag: string) {
  const file = join(projectFiles.migrationsFolder, `${tag}.sql`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query('BEGIN');
        for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
          await client.query(statement);
        }
        await client.query('COMMIT');
        return;
      } catch (error) {
        await client.query('ROLLBACK');
        const deadlock = error instanceof Error && 'code' in error && error.code === '40P01';
        if (!deadlock || attempt === 5) throw error;
      }
    }
  } finally {
    await client.end();
  }
}
