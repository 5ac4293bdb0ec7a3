import type { Writable } from 'node:stream';
import { pipeline as pipe } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { to as copyTo } from 'pg-copy-streams';
import { connect, ident, latestMigration, requireSeesEveryRow, tablesOf } from './catalog.ts';
import { type BackupSummary, countLines, END_OF_DATA, FORMAT, FORMAT_VERSION } from './format.ts';

/**
 * Writes a backup of the database at `url` to `out` (and ends it): every table of `public`, read
 * in one repeatable-read transaction, so the backup is one consistent moment, as pg_dump's is.
 * Rows stream through: no table is held in memory.
 */
export async function writeBackup(url: string, out: Writable): Promise<BackupSummary> {
  const client = await connect(url);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = await client.query<{ at: Date; version: string }>(
      'SELECT now() AS at, current_setting($1) AS version',
      ['server_version'],
    );
    const header = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: rows[0]?.at.toISOString() ?? '',
      postgres: rows[0]?.version ?? '',
      migration: await latestMigration(client),
    };
    const tables = await tablesOf(client);
    await requireSeesEveryRow(client);
    const summary: BackupSummary = { tables: 0, rows: 0 };
    async function* content() {
      yield `${JSON.stringify(header)}\n`;
      for (const table of tables) {
        yield `${JSON.stringify({ table: table.name, columns: table.columns })}\n`;
        const columns = table.columns.map(ident).join(', ');
        const copy = client.query(copyTo(`COPY ${ident(table.name)} (${columns}) TO STDOUT`));
        for await (const chunk of copy as AsyncIterable<Buffer>) {
          summary.rows += countLines(chunk);
          yield chunk;
        }
        yield Buffer.concat([END_OF_DATA, Buffer.from('\n')]);
        summary.tables++;
      }
      yield `${JSON.stringify({ end: true, ...summary })}\n`;
    }
    await pipe(content(), createGzip(), out);
    await client.query('COMMIT');
    return summary;
  } finally {
    await client.end();
  }
}
