import { Readable, Writable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/config.ts';
import type { BackupSummary } from '../../src/server/db/backup/format.ts';
import { restoreBackup } from '../../src/server/db/backup/restore.ts';
import { writeBackup } from '../../src/server/db/backup/write.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { addMember, DEFAULT_PASSWORD, login, registerCompany } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { buildTestApp } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const apps: FastifyInstance[] = [];
const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const database of databases.splice(0)) await database.drop();
});

/** A database of this test's own, migrated, and the app on it. */
async function appOnNewDatabase() {
  const database = await createTestDatabase();
  databases.push(database);
  const app = await buildTestApp({ database: { kind: 'server', url: database.url } });
  apps.push(app);
  return { app, url: database.url };
}

async function migratedDatabase() {
  const database = await createTestDatabase();
  databases.push(database);
  await (await openDatabase({ kind: 'server', url: database.url }, DEFAULT_LIMITS)).close();
  return database.url;
}

/**
 * A company with a member, contacts and their interactions, a grant with tasks, an opportunity
 * and a pending invitation, made through the API.
 */
async function companyWithRecords(app: FastifyInstance, label: string) {
  const admin = await registerCompany(app, { organization: `${label} Trust` });
  const member = await addMember(app, admin.user.companyId);
  const as = clientFor(app, admin.cookie);
  const contacts: number[] = [];
  // A name with a quote, a backslash and an accent; notes with a tab and a line break.
  for (const name of ['Ada', 'Grace', 'Quote "and" backslash \\ é']) {
    const created = await as.post('/api/contacts', { name: `${name} ${label}`, email: 'c@x.org' });
    contacts.push(created.json<{ id: number }>().id);
    await as.post('/api/interactions', {
      contactId: created.json<{ id: number }>().id,
      type: 'call',
      notes: `Spoke with ${name}:\tby phone\nand by email`,
      date: '2027-01-15T10:30:00.000Z',
    });
  }
  const grant = (
    await as.post('/api/grants', {
      name: `${label} grant`,
      funder: 'F',
      amount: 5000,
      dueDate: '2027-03-01',
    })
  ).json<{ id: number }>().id;
  for (const task of ['Draft budget', 'Write narrative']) {
    await as.post(`/api/grants/${grant}/tasks`, {
      name: task,
      description: 'd',
      category: 'proposal',
      dueDate: '2027-02-01',
    });
  }
  await as.post('/api/opportunities', {
    name: `${label} partnership`,
    organization: 'F',
    amount: 1000,
    stage: 'proposal',
    expectedCloseDate: '2027-06-01',
  });
  const invitation = await as.post('/api/organization/invitations', {
    name: 'Ivy',
    email: `ivy.${label.toLowerCase()}@example.org`,
  });
  expect(invitation.statusCode).toBe(201);
  return { admin, member, contacts, grant, invitation: invitation.json<{ id: number }>().id };
}

/** Every row of every table of `public`, in a stable order. */
async function rowsOf(url: string): Promise<Record<string, unknown[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY 1",
    );
    const all: Record<string, unknown[]> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ row: unknown }>(
        `SELECT to_jsonb(t) AS row FROM ${pg.escapeIdentifier(name)} t ORDER BY to_jsonb(t)::text`,
      );
      all[name] = rows.map((r) => r.row);
    }
    return all;
  } finally {
    await client.end();
  }
}

/**
 * What a restore sets aside while it loads, and must put back: forced row-level security and the
 * triggers' states.
 */
async function safeguardsOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const forced = await client.query<{ name: string }>(
      "SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relforcerowsecurity ORDER BY 1",
    );
    const triggers = await client.query<{ name: string; enabled: string }>(
      'SELECT tgname AS name, tgenabled AS enabled FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1',
    );
    return { forced: forced.rows.map((r) => r.name), triggers: triggers.rows };
  } finally {
    await client.end();
  }
}

async function backupOf(url: string): Promise<{ file: Buffer; summary: BackupSummary }> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const summary = await writeBackup(url, sink);
  return { file: Buffer.concat(chunks), summary };
}

const total = (rows: Record<string, unknown[]>) =>
  Object.values(rows).reduce((sum, table) => sum + table.length, 0);

describe('backup and restore', () => {
  it('restores every row of every company into a new database, where new rows get fresh ids', async () => {
    const source = await appOnNewDatabase();
    const first = await companyWithRecords(source.app, 'North');
    const second = await companyWithRecords(source.app, 'South');
    const original = await rowsOf(source.url);
    for (const table of ['companies', 'users', 'sessions', 'user_invitations']) {
      expect(original[table]?.length, table).toBeGreaterThanOrEqual(2);
    }
    for (const table of ['contacts', 'interactions', 'grants', 'grant_tasks', 'opportunities']) {
      expect(original[table]?.length, table).toBeGreaterThanOrEqual(2);
    }

    const { file, summary } = await backupOf(source.url);
    expect(file.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
    expect(summary).toEqual({ tables: Object.keys(original).length, rows: total(original) });

    const target = await migratedDatabase();
    expect(await restoreBackup(target, Readable.from([file]))).toEqual(summary);
    expect(await rowsOf(target)).toEqual(original);
    expect(await safeguardsOf(target)).toEqual(await safeguardsOf(source.url));

    // The restored company works: its member signs in with their password and sees its records.
    const restored = await buildTestApp({ database: { kind: 'server', url: target } });
    apps.push(restored);
    const cookie = await login(restored, second.member.username, DEFAULT_PASSWORD);
    const seen = await clientFor(restored, cookie).get('/api/contacts');
    expect(seen.json()).toEqual(
      (await clientFor(source.app, second.admin.cookie).get('/api/contacts')).json(),
    );
    // The sequences follow the restored rows: new rows do not collide with them.
    const as = clientFor(restored, first.admin.cookie); // sessions are restored too
    const contact = await as.post('/api/contacts', { name: 'After restore', email: 'a@x.org' });
    expect(contact.statusCode).toBe(201);
    expect(contact.json<{ id: number }>().id).toBeGreaterThan(
      Math.max(...first.contacts, ...second.contacts),
    );
    const third = await registerCompany(restored);
    expect(third.user.companyId).toBeGreaterThan(second.admin.user.companyId);
  });

  it('restores over a changed database: what was deleted since is back, what was added is gone', async () => {
    const { app, url } = await appOnNewDatabase();
    const company = await companyWithRecords(app, 'East');
    const { file } = await backupOf(url);
    const original = await rowsOf(url);

    const as = clientFor(app, company.admin.cookie);
    const added = await as.post('/api/contacts', { name: 'Added later', email: 'l@x.org' });
    expect((await as.delete(`/api/grants/${company.grant}`)).statusCode).toBe(204);
    expect((await as.delete(`/api/contacts/${company.contacts[0]}`)).statusCode).toBe(204);
    await registerCompany(app);
    expect(await rowsOf(url)).not.toEqual(original);

    await restoreBackup(url, Readable.from([file]));
    expect(await rowsOf(url)).toEqual(original);
    expect((await as.get(`/api/grants/${company.grant}/tasks`)).json()).toHaveLength(2);
    expect((await as.get(`/api/contacts/${added.json<{ id: number }>().id}`)).statusCode).toBe(404);
  });

  it('refuses a file that is not a backup, and changes nothing', async () => {
    const { app, url } = await appOnNewDatabase();
    await companyWithRecords(app, 'West');
    const original = await rowsOf(url);
    const csv = Buffer.from('name,email\nAda,ada@example.org\n');
    for (const file of [csv, gzipSync(csv), Buffer.alloc(0)]) {
      await expect(restoreBackup(url, Readable.from([file]))).rejects.toThrow(
        'Not a Grantwell backup.',
      );
    }
    expect(await rowsOf(url)).toEqual(original);
  });

  it('says a damaged backup is damaged, not that it is no backup, and changes nothing', async () => {
    const { app, url } = await appOnNewDatabase();
    await companyWithRecords(app, 'Damaged');
    const { file } = await backupOf(url);
    const text = gunzipSync(file).toString('utf8');
    await registerCompany(app);
    const changed = await rowsOf(url);

    // A byte of its compressed data changed; bytes added after its end.
    const flipped = Buffer.from(file);
    flipped[40] = (flipped[40] ?? 0) ^ 0xff;
    const appended = Buffer.concat([file, Buffer.from('garbage')]);
    // A row with a value too many, compressed as a backup is: the database cannot read it.
    const row = text.indexOf('\n', text.indexOf('"table":"contacts"')) + 1;
    const extra = gzipSync(`${text.slice(0, row)}extra\t${text.slice(row)}`);
    for (const [damaged, said] of [
      [flipped, /^The backup is damaged or incomplete \(/],
      [appended, /^The backup is damaged or incomplete \(/],
      [extra, /^The backup is damaged: a row of contacts cannot be read \(/],
    ] as const) {
      await expect(restoreBackup(url, Readable.from([damaged]))).rejects.toThrow(said);
    }
    expect(await rowsOf(url)).toEqual(changed);
  });

  it('refuses a backup made at another migration, and changes nothing', async () => {
    const { app, url } = await appOnNewDatabase();
    await companyWithRecords(app, 'Upland');
    const { file } = await backupOf(url);
    const text = gunzipSync(file).toString('utf8');
    const newline = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, newline));
    header.migration = { name: '0003_search_extension', createdAt: 1795313870991, hash: 'f00' };
    const older = gzipSync(JSON.stringify(header) + text.slice(newline));
    await registerCompany(app);
    const changed = await rowsOf(url);

    await expect(restoreBackup(url, Readable.from([older]))).rejects.toThrow(
      /^This backup was made at migration 0003_search_extension; this database is at \d{4}_\w+\.$/,
    );
    // Named as this database's latest, but not the same migration.
    const latest = JSON.parse(gunzipSync(file).toString('utf8').slice(0, newline));
    header.migration = { ...latest.migration, hash: 'f00' };
    const other = gzipSync(JSON.stringify(header) + text.slice(newline));
    await expect(restoreBackup(url, Readable.from([other]))).rejects.toThrow(
      /^This backup was made at a migration named \d{4}_\w+ whose content differs from this database's\.$/,
    );
    expect(await rowsOf(url)).toEqual(changed);
  });

  it('rolls back a restore that fails half-way through a cut-short backup', async () => {
    const { app, url } = await appOnNewDatabase();
    await companyWithRecords(app, 'Lowland');
    const { file } = await backupOf(url);
    await registerCompany(app);
    const changed = await rowsOf(url);

    const cut = file.subarray(0, Math.floor(file.length * 0.6));
    await expect(restoreBackup(url, Readable.from([cut]))).rejects.toThrow(/incomplete/);
    expect(await rowsOf(url)).toEqual(changed);
    expect((await safeguardsOf(url)).forced).toContain('users');
  });

  it('refuses to back up as a role that row-level security would show only some rows', async () => {
    const source = await appOnNewDatabase();
    await companyWithRecords(source.app, 'Hidden');
    const role = `reader_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: source.url });
    await admin.connect();
    try {
      await admin.query(`CREATE ROLE ${role} LOGIN`);
      await admin.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`);
      await admin.query(`GRANT SELECT ON drizzle.__drizzle_migrations TO ${role}`);
      await admin.query(`GRANT USAGE ON SCHEMA drizzle TO ${role}`);
      const asReader = new URL(source.url);
      asReader.username = role;
      await expect(backupOf(asReader.toString())).rejects.toThrow(/does not see every row/);
    } finally {
      await admin.query(`DROP OWNED BY ${role}`);
      await admin.query(`DROP ROLE ${role}`);
      await admin.end();
    }
  });
});
