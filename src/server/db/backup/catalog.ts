// The catalog side of a backup and a restore: the connection, the tables in load order, the
// migration the database is at, and whether the role sees every row.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { projectFiles } from '../../lib/project-files.ts';
import { BackupError, journalSchema, type Migration } from './format.ts';

export const ident = (name: string) => pg.escapeIdentifier(name);

export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {}); // a broken connection fails the query in progress
  await client.connect();
  // COPY writes dates and numbers by these settings: fixed, a backup reads back alike anywhere.
  await client.query(
    "SET datestyle = 'ISO'; SET intervalstyle = 'postgres'; SET extra_float_digits = 3",
  );
  return client;
}

export interface CatalogTable {
  name: string;
  /** The columns COPY carries: generated ones are computed again on restore. */
  columns: string[];
  /** The other tables of `public` its foreign keys reference. */
  references: string[];
  forcesRowSecurity: boolean;
}

/** The tables of `public`, from the catalog, each after the tables it references. */
export async function tablesOf(client: pg.Client): Promise<CatalogTable[]> {
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
  const { entries } = journalSchema.parse(
    JSON.parse(readFileSync(projectFiles.migrationJournal, 'utf8')),
  );
  return entries.find((entry) => entry.when === createdAt)?.tag ?? null;
}

/** The latest migration Drizzle applied: the one with the highest `created_at`. */
export async function latestMigration(client: pg.Client): Promise<Migration> {
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

export const describeMigration = (m: Migration) =>
  m.name ?? `of ${new Date(m.createdAt).toISOString()} (${m.hash.slice(0, 12)})`;

/**
 * Row-level security shows a role other than the tables' owner (or a superuser, or a role that
 * bypasses it) only some rows, or none: a backup made as such a role would look whole and miss
 * data, so it is refused.
 */
export async function requireSeesEveryRow(client: pg.Client) {
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
