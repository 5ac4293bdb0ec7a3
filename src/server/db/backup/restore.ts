import { pipeline, type Readable } from 'node:stream';
import { pipeline as pipe } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  type CatalogTable,
  connect,
  describeMigration,
  ident,
  latestMigration,
  tablesOf,
} from './catalog.ts';
import {
  BackupError,
  type BackupSummary,
  END_OF_DATA,
  FORMAT_VERSION,
  formatSchema,
  headerSchema,
  MAX_FRAMING_LINE,
  NEWLINE,
  NOT_A_BACKUP,
  sectionSchema,
  trailerSchema,
} from './format.ts';

/** How much of a file that is no backup is read to tell whether it is a damaged one. */
const DAMAGE_SEARCHED = 64 * 1024 * 1024;

/** Reads a backup: its framing lines one by one, and a table's rows in slices of whole rows. */
class BackupReader {
  rowsRead = 0;
  /** Whether the file begins as gzip's do, and whether its compressed data is damaged. */
  private gzipped = false;
  private damaged = false;
  private pending: Buffer = Buffer.alloc(0);
  private readonly gunzip = createGunzip();
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(input: Readable) {
    input.once('data', (first: Buffer) => {
      this.gzipped = first[0] === 0x1f && first[1] === 0x8b;
    });
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
      const { message } = error as Error;
      // Compressed data that stops making sense, not a file that was never compressed so.
      this.damaged = this.gzipped;
      throw new BackupError(`The backup is damaged or incomplete (${message}).`);
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

  /**
   * Why a file whose first line is no backup's header cannot be read, if it is a compressed file
   * whose data is damaged (a changed byte turns the header into other text; gzip's check at its
   * end tells): read on, up to DAMAGE_SEARCHED bytes. Null: it reads whole, so it is no backup.
   */
  private async damage(): Promise<string | null> {
    try {
      for (let read = 0; read < DAMAGE_SEARCHED && (await this.more()); ) {
        read += this.pending.length;
        this.pending = Buffer.alloc(0);
      }
    } catch (error) {
      if (error instanceof BackupError && this.damaged) return error.message;
      throw error;
    }
    return null;
  }

  async header() {
    let line: unknown;
    try {
      line = await this.line();
    } catch (error) {
      // A file compressed as backups are, whose data is damaged, says so; any other that has
      // no first line to read is no backup.
      throw error instanceof BackupError && !this.damaged ? new BackupError(NOT_A_BACKUP) : error;
    }
    const format = formatSchema.safeParse(line);
    if (!format.success) throw new BackupError((await this.damage()) ?? NOT_A_BACKUP);
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
    try {
      await pipe(reader.rows(), client.query(copyFrom(`COPY ${ident(name)} (${list}) FROM STDIN`)));
    } catch (error) {
      // A row the database cannot read (a value of the wrong form, a column too many) is a row
      // the backup did not hold as it was written.
      const { code, message } = error as { code?: unknown; message?: string };
      if (typeof code !== 'string' || !code.startsWith('22')) throw error;
      throw new BackupError(`The backup is damaged: a row of ${name} cannot be read (${message}).`);
    }
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
      const made = describeMigration(header.migration);
      const now = describeMigration(current);
      throw new BackupError(
        made === now
          ? `This backup was made at a migration named ${made} whose content differs from this database's.`
          : `This backup was made at migration ${made}; this database is at ${now}.`,
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
