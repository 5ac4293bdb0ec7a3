import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect } from 'vitest';
import { clusterPid } from '../../src/server/db/embedded-cluster.ts';
import { registrationFor } from '../helpers/factories.ts';
import { type ServerProcess, test } from '../helpers/server-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const json = { 'content-type': 'application/json' };

/** `npm run <script> -- ...args` on the embedded database of `dataDir`, as a user runs it. */
function npmRun(script: string, args: string[], dataDir: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script, '--', ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        // npm's own configuration warnings are not the script's.
        const own = stderr.split('\n').filter((line) => line && !line.startsWith('npm warn'));
        resolve({ code, stdout, stderr: own.join('\n') });
      },
    );
  });
}

async function signIn(server: ServerProcess, account: { username: string; password: string }) {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

const contactNames = async (server: ServerProcess, cookie: string) =>
  (
    (await (await fetch(`${server.url}/api/contacts`, { headers: { cookie } })).json()) as {
      name: string;
    }[]
  ).map((contact) => contact.name);

const addContact = (server: ServerProcess, cookie: string, name: string) =>
  fetch(`${server.url}/api/contacts`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ name, email: 'c@example.org' }),
  });

describe('npm run backup and npm run restore on the embedded database', {
  timeout: 180_000,
  concurrent: true,
}, () => {
  test('backs up a running server, and restores it onto the running server and into a new data directory', async ({
    servers,
  }) => {
    const first = await servers.start(servers.dataDir('backup'));
    const account = registrationFor();
    const registered = await fetch(`${first.url}/api/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(account),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    expect((await addContact(first, cookie, 'Before the backup')).status).toBe(201);

    const backups = servers.emptyDir('backups');
    const file = join(backups, 'nightly.backup');
    const backup = await npmRun('backup', [file], first.dataDir ?? '');
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(
      /^Backed up \d+ tables, \d+ rows to .*nightly\.backup \(.+\)\.\n$/,
    );
    expect(readdirSync(backups)).toEqual(['nightly.backup']); // no temporary file left
    expect(statSync(file).mode & 0o077).toBe(0); // only its owner may read it
    // Never written over another: the one there stays as it was.
    const again = await npmRun('backup', [file], first.dataDir ?? '');
    expect(again).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `Backup failed: ${file} already exists: name another file.`,
    });
    // Two backups started at once to one name (two schedules in the same second) each write
    // a file of their own: the one named is whole, and nothing is left beside it.
    const twice = join(backups, 'twice.backup');
    const both = await Promise.all([
      npmRun('backup', [twice], first.dataDir ?? ''),
      npmRun('backup', [twice], first.dataDir ?? ''),
    ]);
    // One that starts once the other has named its file is refused, as any backup over another.
    expect(both.some((run) => run.code === 0)).toBe(true);
    for (const run of both.filter((each) => each.code !== 0)) {
      expect(run.stderr).toBe(`Backup failed: ${twice} already exists: name another file.`);
    }
    expect(readdirSync(backups).sort()).toEqual(['nightly.backup', 'twice.backup']);
    expect(statSync(twice).mode & 0o077).toBe(0);

    // Onto the running server, through its socket: what was added since is gone.
    expect((await addContact(first, cookie, 'After the backup')).status).toBe(201);
    // (From the backup made twice at once: it is whole.)
    const onRunning = await npmRun('restore', [twice], first.dataDir ?? '');
    expect(onRunning).toMatchObject({ code: 0, stderr: '' });
    expect(onRunning.stdout).toContain(`into the database in ${first.dataDir}.`);
    expect(await contactNames(first, cookie)).toEqual(['Before the backup']);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // Into a new data directory, its server not running: the script starts the cluster,
    // migrates, restores, and stops it.
    const secondDir = servers.emptyDir('restored');
    const restore = await npmRun('restore', [file], secondDir);
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    expect(restore.stdout).toMatch(/^Restored \d+ tables, \d+ rows from .*nightly\.backup/);
    // Said to be a new database, with its place: a mistyped DATA_DIR is seen at once.
    expect(restore.stdout).toContain(`into a new database in ${secondDir}.`);
    expect(clusterPid(secondDir)).toBeUndefined();
    expect(existsSync(join(secondDir, 'server.lock'))).toBe(false);

    const second = await servers.start(secondDir);
    const session = await signIn(second, account);
    expect(await contactNames(second, session)).toEqual(['Before the backup']);
  });

  test('refuses a missing file and a file that is not a backup in one line, and frees the data directory', async ({
    servers,
  }) => {
    const dataDir = servers.dataDir('refused');
    const notes = join(servers.emptyDir('notes'), 'notes.txt');
    const missing = await npmRun('restore', [`${notes}.missing`], dataDir);
    expect(missing).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `Cannot restore ${notes}.missing: No such file.`,
    });

    writeFileSync(notes, 'name,email\nAda,ada@example.org\n');
    const refused = await npmRun('restore', [notes], dataDir);
    expect(refused).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `Cannot restore ${notes}: Not a Grantwell backup.`,
    });
    expect(clusterPid(dataDir)).toBeUndefined();
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);

    // A backup running on the directory (its server stopped): a restore waits for no one.
    const backingUp = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dataDir, 'server.lock'), `${backingUp.pid} backup`);
      expect(await npmRun('restore', [notes], dataDir)).toMatchObject({
        code: 1,
        stdout: '',
        stderr: `Cannot restore ${notes}: The data directory ${dataDir} is in use by a backup (pid ${backingUp.pid}). Try again once it has finished.`,
      });
      expect(clusterPid(dataDir)).toBeUndefined();
    } finally {
      backingUp.kill();
    }
  });

  test('refuses to back up a data directory that holds no database, and makes none there', async ({
    servers,
  }) => {
    const mistyped = join(servers.emptyDir('nothing-here'), 'datta');
    const file = join(servers.emptyDir('backups-of-nothing'), 'nightly.backup');
    const refused = await npmRun('backup', [file], mistyped);
    expect(refused).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `Backup failed: There is no Grantwell database in ${mistyped}: set DATA_DIR to the folder the server keeps its data in.`,
    });
    expect(existsSync(mistyped)).toBe(false);
    expect(existsSync(file)).toBe(false);
  });
});
