import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pipeline, type Readable, type Writable } from 'node:stream';
import { pipeline as pipe } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { z } from 'zod';
import type { DatabaseConfig, Limits } from '../config.ts';
import { openDatabase } from './client.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';
import {
  EMBEDDED_DATABASE,
  type EmbeddedCluster,
  socketDirFor,
  startEmbeddedCluster,
} from './embedded-cluster.ts';

/*
 * Grantwell's own logical backup (docs/decisions/0007-backup-format.md): gzip over lines. A JSON
 * header; then for each table of `public`, parents before the tables that reference them, a JSON
 * line naming it and its columns, its rows in COPY's text format (which escapes newlines, so a
 * row is one line) and COPY's end-of-data line `\.`; last a JSON trailer with the counts.
 */
const FORMAT = 'grantwell-backup';
const FORMAT_VERSION = 1;
const NEWLINE = 0x0a;
const END_OF_DATA = Buffer.from('\\.');
/** Framing lines are short: a longer one means the file is something else. */
const MAX_FRAMING_LINE = 1024 * 1024;
const NOT_A_BACKUP = 'Not a Grantwell backup.';

const migrationSchema = z.object({
  name: z.string().nullable(),
  createdAt: z.number(),
  hash: z.string(),
});
const formatSchema = z.object({ format: z.literal(FORMAT), version: z.number() });
const headerSchema = formatSchema.extend({
  createdAt: z.string(),
  postgres: z.string(),
  migration: migrationSchema,
});
const sectionSchema = z.object({ table: z.string(), columns: z.array(z.string()) });
const trailerSchema = z.object({ end: z.literal(true), tables: z.number(), rows: z.number() });
const journalSchema = z.object({
  entries: z.array(z.object({ when: z.number(), tag: z.string() })),
});

type Migration = z.infer<typeof migrationSchema>;

export interface BackupSummary {
  tables: number;
  rows: number;
}

/** A file that cannot be restored here: not a backup, damaged, or of another migration. */
export class BackupError extends Error {}

const ident = (name: string) => pg.escapeIdentifier(name);

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {}); // a broken connection fails the query in progress
  await client.connect();
  // COPY writes dates and numbers by these settings: fixed, a backup reads back alike anywhere.
  await client.query(
    "SET datestyle = 'ISO'; SET intervalstyle = 'postgres'; SET extra_float_digits = 3",
  );
  return client;
}

interface CatalogTable {
  name: string;
  /** The columns COPY carries: generated ones are computed again on restore. */
  columns: string[];
  /** The other tables of `public` its foreign keys reference. */
  references: string[];
  forcesRowSecurity: boolean;
}

/** The tables of `public`, from the catalog, each after the tables it references. */
async function tablesOf(client: pg.Client): Promise<CatalogTable[]> {
  const { rows } = await client.query<CatalogTable>(`
    SELECT c.relname AS name,
      array(SELECT a.attname::text FROM pg_attribute a
            WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
              AND a.attgenerated = '' ORDER BY a.attnum) AS columns,
      array(SELECT DISTINCT p.relname::text FROM pg_constraint k JOIN pg_class p ON p.oid = k.confrelid
            WHERE k.conrelid = c.oid AND k.contype = 'f' AND p.oid <> c.oid
              AND p.relnamespace = c.relnamespace AND p.relkind = 'r') AS "references",
      c.relforcerowsecurity AS "forcesRowSecurity"
    FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
    ORDER BY c.relname`);
  const ordered: CatalogTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < rows.length) {
    const ready = rows.filter(
      (t) => !placed.has(t.name) && t.references.every((name) => placed.has(name)),
    );
    if (ready.length === 0) {
      const left = rows.filter((t) => !placed.has(t.name)).map((t) => t.name);
      throw new BackupError(`The foreign keys of ${left.join(', ')} form a cycle.`);
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

/** The migration's tag, from the journal of the migrations this code carries. */
function migrationName(createdAt: number): string | null {
  const journal = new URL('./migrations/meta/_journal.json', import.meta.url);
  const { entries } = journalSchema.parse(JSON.parse(readFileSync(journal, 'utf8')));
  return entries.find((entry) => entry.when === createdAt)?.tag ?? null;
}

/** The latest migration Drizzle applied: the one with the highest `created_at`. */
async function latestMigration(client: pg.Client): Promise<Migration> {
  const none = new BackupError('This database has no Grantwell migrations applied.');
  const { rows } = await client
    .query<{ hash: string; created_at: string }>(
      'SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    )
    .catch((error: { code?: unknown }) => {
      throw error.code === '42P01' ? none : error; // no such table
    });
  const [row] = rows;
  if (!row) throw none;
  const createdAt = Number(row.created_at);
  return { name: migrationName(createdAt), createdAt, hash: row.hash };
}

const describeMigration = (m: Migration) =>
  m.name ?? `of ${new Date(m.createdAt).toISOString()} (${m.hash.slice(0, 12)})`;

const countLines = (chunk: Buffer) => {
  let lines = 0;
  for (let at = chunk.indexOf(NEWLINE); at >= 0; at = chunk.indexOf(NEWLINE, at + 1)) lines++;
  return lines;
};

/**
 * Writes a backup of the database at `url` to `out` (and ends it): every table of `public`, read
 * in one repeatable-read transaction, so the backup is one consistent moment, as pg_dump's is.
 * Rows stream through: no table is held in memory.
 */
/**
 * Row-level security shows a role other than the tables' owner (or a superuser, or a role that
 * bypasses it) only some rows, or none: a backup made as such a role would look whole and miss
 * data, so it is refused.
 */
async function requireSeesEveryRow(client: pg.Client) {
  const { rows } = await client.query<{ sees: boolean; role: string }>(`
    SELECT current_user AS role,
           (r.rolsuper OR r.rolbypassrls OR NOT EXISTS (
              SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relrowsecurity
                AND NOT pg_has_role(current_user, c.relowner, 'USAGE'))) AS sees
    FROM pg_roles r WHERE r.rolname = current_user`);
  const [row] = rows;
  if (!row?.sees) {
    throw new BackupError(
      `The role ${row?.role ?? 'in use'} does not see every row (row-level security): back up as ` +
        "the role that owns the database's tables, the one the server's migrations run as.",
    );
  }
}

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

/** Reads a backup: its framing lines one by one, and a table's rows in slices of whole rows. */
class BackupReader {
  rowsRead = 0;
  private pending: Buffer = Buffer.alloc(0);
  private readonly gunzip = createGunzip();
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(input: Readable) {
    pipeline(input, this.gunzip, () => {}); // a failure reaches the reader through gunzip
    this.chunks = this.gunzip[Symbol.asyncIterator]();
  }

  close() {
    this.gunzip.destroy();
  }

  private async more(): Promise<boolean> {
    let next: IteratorResult<Buffer>;
    try {
      next = await this.chunks.next();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || !code.startsWith('Z_')) throw error;
      throw new BackupError(`The backup is damaged or incomplete (${(error as Error).message}).`);
    }
    if (next.done) return false;
    this.pending = this.pending.length ? Buffer.concat([this.pending, next.value]) : next.value;
    return true;
  }

  /** The next framing line, parsed as JSON (undefined if it is not JSON); null at the end. */
  async line(): Promise<unknown> {
    for (let searched = 0; ; ) {
      const end = this.pending.indexOf(NEWLINE, searched);
      if (end >= 0) {
        const line = this.pending.toString('utf8', 0, end);
        this.pending = this.pending.subarray(end + 1);
        try {
          return JSON.parse(line);
        } catch {
          return undefined;
        }
      }
      if (this.pending.length > MAX_FRAMING_LINE) throw new BackupError(NOT_A_BACKUP);
      searched = this.pending.length;
      if (!(await this.more())) {
        if (this.pending.length === 0) return null;
        throw new BackupError('The backup is incomplete: its last line is cut short.');
      }
    }
  }

  async header() {
    let line: unknown;
    try {
      line = await this.line();
    } catch (error) {
      throw error instanceof BackupError ? new BackupError(NOT_A_BACKUP) : error;
    }
    const format = formatSchema.safeParse(line);
    if (!format.success) throw new BackupError(NOT_A_BACKUP);
    if (format.data.version !== FORMAT_VERSION) {
      throw new BackupError(
        `This backup is in format version ${format.data.version}; this Grantwell reads version ${FORMAT_VERSION}.`,
      );
    }
    const header = headerSchema.safeParse(line);
    if (!header.success) throw new BackupError('The backup is damaged: its header is incomplete.');
    return header.data;
  }

  /** One table's COPY rows, in slices of whole rows, up to its end-of-data line. */
  async *rows(): AsyncGenerator<Buffer> {
    for (;;) {
      let start = 0;
      for (let end = this.pending.indexOf(NEWLINE); end >= 0; ) {
        const line = this.pending.subarray(start, end);
        if (line.length === END_OF_DATA.length && line.equals(END_OF_DATA)) {
          const slice = this.pending.subarray(0, start);
          this.pending = this.pending.subarray(end + 1);
          if (slice.length > 0) yield slice;
          return;
        }
        this.rowsRead++;
        start = end + 1;
        end = this.pending.indexOf(NEWLINE, start);
      }
      const slice = this.pending.subarray(0, start);
      this.pending = this.pending.subarray(start);
      if (slice.length > 0) yield slice;
      if (!(await this.more())) {
        throw new BackupError('The backup is incomplete: a table is cut short.');
      }
    }
  }
}

const sameColumns = (a: string[], b: string[]) =>
  [...a].sort().join('\0') === [...b].sort().join('\0');

/** Reads the tables' sections into their emptied tables, checking each against the catalog. */
async function loadTables(
  client: pg.Client,
  reader: BackupReader,
  tables: Map<string, CatalogTable>,
): Promise<BackupSummary> {
  const loaded = new Set<string>();
  for (;;) {
    const line = await reader.line();
    const trailer = trailerSchema.safeParse(line);
    if (trailer.success) {
      const { tables: count, rows } = trailer.data;
      if (count !== loaded.size || rows !== reader.rowsRead || (await reader.line()) !== null) {
        throw new BackupError('The backup is damaged: its contents do not match its counts.');
      }
      break;
    }
    const section = sectionSchema.safeParse(line);
    if (!section.success) {
      throw new BackupError('The backup is damaged: a table header is unreadable.');
    }
    const { table: name, columns } = section.data;
    const table = tables.get(name);
    if (!table || loaded.has(name) || !sameColumns(columns, table.columns)) {
      throw new BackupError(`The backup's table ${name} does not match this database's tables.`);
    }
    const parent = table.references.find((reference) => !loaded.has(reference));
    if (parent) throw new BackupError(`The backup holds ${name} before ${parent}, which it needs.`);
    const list = columns.map(ident).join(', ');
    await pipe(reader.rows(), client.query(copyFrom(`COPY ${ident(name)} (${list}) FROM STDIN`)));
    loaded.add(name);
  }
  const missing = [...tables.keys()].filter((name) => !loaded.has(name));
  if (missing.length > 0) throw new BackupError(`The backup has no table ${missing.join(', ')}.`);
  return { tables: loaded.size, rows: reader.rowsRead };
}

/**
 * The statements before the load (emptying every table first) and after it. In between, what
 * would stop or spoil the load steps aside, inside the restore's transaction only, which holds
 * every table's exclusive lock from TRUNCATE on, so no other session sees it lifted:
 * - FORCE ROW LEVEL SECURITY: COPY FROM refuses a table whose policies bind the user, and FORCE
 *   makes them bind the tables' owner.
 * - Triggers: the backup holds rows as they were, those that triggers derived from others
 *   included; run again on the load, they would derive them twice. (TRUNCATE fires no DELETE
 *   trigger, so users_removal_keeps_an_admin lets the emptying be.) Foreign keys are internal
 *   triggers and stay on, hence the tables' order.
 * After it, every identity or serial sequence continues from its column's highest value.
 */
async function stepsAroundLoad(client: pg.Client, tables: CatalogTable[]) {
  const { rows: triggers } = await client.query<{ table: string; name: string; always: boolean }>(`
    SELECT c.relname AS table, t.tgname AS name, t.tgenabled = 'A' AS always
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
      AND NOT t.tgisinternal AND t.tgenabled IN ('O', 'A')`);
  const { rows: sequences } = await client.query<{ table: string; column: string; seq: string }>(`
    SELECT c.relname AS table, a.attname::text AS column, s.seq
    FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
    CROSS JOIN LATERAL (SELECT pg_get_serial_sequence(format('public.%I', c.relname), a.attname) AS seq) s
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND a.attnum > 0
      AND NOT a.attisdropped AND s.seq IS NOT NULL`);
  const before = [
    `TRUNCATE ${tables.map((t) => ident(t.name)).join(', ')} RESTART IDENTITY CASCADE`,
  ];
  const after: string[] = [];
  for (const table of tables.filter((t) => t.forcesRowSecurity)) {
    before.push(`ALTER TABLE ${ident(table.name)} NO FORCE ROW LEVEL SECURITY`);
    after.push(`ALTER TABLE ${ident(table.name)} FORCE ROW LEVEL SECURITY`);
  }
  for (const { table, name, always } of triggers) {
    before.push(`ALTER TABLE ${ident(table)} DISABLE TRIGGER ${ident(name)}`);
    after.push(
      `ALTER TABLE ${ident(table)} ENABLE ${always ? 'ALWAYS ' : ''}TRIGGER ${ident(name)}`,
    );
  }
  for (const { table, column, seq } of sequences) {
    const highest = `max(${ident(column)})`;
    after.push(
      `SELECT setval(${pg.escapeLiteral(seq)}, ${highest}) FROM ${ident(table)} HAVING ${highest} IS NOT NULL`,
    );
  }
  return { before, after };
}

/**
 * Replaces every row of the database at `url`, which must be migrated, with the backup's; in
 * one transaction, so any failure leaves the database as it was. The backup must have been made
 * at the database's migration.
 */
export async function restoreBackup(url: string, input: Readable): Promise<BackupSummary> {
  const reader = new BackupReader(input);
  let client: pg.Client | undefined;
  try {
    const header = await reader.header();
    client = await connect(url);
    await client.query('BEGIN');
    const current = await latestMigration(client);
    if (
      header.migration.hash !== current.hash ||
      header.migration.createdAt !== current.createdAt
    ) {
      throw new BackupError(
        `This backup was made at migration ${describeMigration(header.migration)}; ` +
          `this database is at ${describeMigration(current)}.`,
      );
    }
    const tables = await tablesOf(client);
    const { before, after } = await stepsAroundLoad(client, tables);
    for (const statement of before) await client.query(statement);
    const summary = await loadTables(client, reader, new Map(tables.map((t) => [t.name, t])));
    for (const statement of after) await client.query(statement);
    await client.query('COMMIT');
    return summary;
  } catch (error) {
    await client?.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    reader.close();
    await client?.end();
  }
}

/**
 * Runs `work` on the URL of the configured database: DATABASE_URL's server; or the embedded
 * cluster of DATA_DIR, through its socket while a Grantwell server holds the directory, else
 * started here under the directory's lock and stopped afterwards. `migrate` applies the
 * migrations first (a running server has applied them).
 */
export async function withDatabaseOf<T>(
  config: DatabaseConfig,
  limits: Limits,
  { migrate }: { migrate: boolean },
  work: (url: string) => Promise<T>,
): Promise<T> {
  const migrated = async (url: string) => {
    if (migrate) await (await openDatabase({ kind: 'server', url }, limits)).close();
    return url;
  };
  if (config.kind === 'server') return work(await migrated(config.url));
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
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
