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
 * before it, in one transaction, statement by statement as the migrator runs it.
 */
export async function runMigrationAgain(url: string, tag: string) {
  const file = join(projectFiles.migrationsFolder, `${tag}.sql`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      await client.query(statement);
    }
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}
