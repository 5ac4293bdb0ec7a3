import { spawn } from 'node:child_process';
import { rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clusterPid,
  EMBEDDED_DATABASE,
  type EmbeddedCluster,
  startEmbeddedCluster,
  stopLeftoverCluster,
} from '../../src/server/db/embedded-cluster.ts';
import { scratchDir } from '../helpers/scratch.ts';
import { startedDataDir } from '../helpers/server-process.ts';

const dirs: string[] = [];
const clusters: EmbeddedCluster[] = [];
afterEach(async () => {
  for (const cluster of clusters.splice(0)) await cluster.stop();
  for (const dir of dirs.splice(0)) {
    await stopLeftoverCluster(dir);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** An empty directory (a first start: initdb), or one a server has started on before. */
function dataDir(first = false) {
  const dir = first ? scratchDir('cluster') : startedDataDir('cluster');
  dirs.push(dir);
  return dir;
}

async function start(dir: string) {
  const cluster = await startEmbeddedCluster(dir);
  clusters.push(cluster);
  return cluster;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL cluster', { timeout: 120_000 }, () => {
  it('listens on a socket only its owner can reach, on no TCP port, with fsync on', async () => {
    const dir = dataDir(true);
    const cluster = await start(dir);
    const [settings] = await query<Record<string, string>>(
      cluster.urlOf(EMBEDDED_DATABASE),
      `SELECT current_setting('listen_addresses') AS listen, current_setting('fsync') AS fsync,
              current_setting('synchronous_commit') AS commit, current_database() AS db`,
    );
    expect(settings).toEqual({ listen: '', fsync: 'on', commit: 'on', db: EMBEDDED_DATABASE });
    expect(statSync(join(dir, 'run')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'postgres')).mode & 0o777).toBe(0o700);
  });

  it('stops cleanly, and starts again on the same data', async () => {
    const dir = dataDir();
    const first = await start(dir);
    await query(
      first.urlOf(EMBEDDED_DATABASE),
      'CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)',
    );
    await first.stop();
    expect(clusterPid(dir)).toBeUndefined();
    const second = await start(dir);
    expect(await query(second.urlOf(EMBEDDED_DATABASE), 'SELECT n FROM kept')).toEqual([{ n: 7 }]);
  });

  it('takes over a cluster left running by a server killed with SIGKILL', async () => {
    const dir = dataDir();
    // A process that starts the cluster and is then killed, as `kill -9` of a server would be. It
    // stays alive until killed (had it ended on its own, it would have stopped the cluster), two
    // minutes at the most should the test fail before it kills it.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./src/server/db/embedded-cluster.ts')
          .then((m) => m.startEmbeddedCluster(${JSON.stringify(dir)}))
          .then(() => { console.log('ready'); setTimeout(() => {}, 120_000); })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      await new Promise<void>((resolve) => child.stdout.on('data', () => resolve()));
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const leftover = clusterPid(dir);
    expect(leftover).toBeDefined();

    const cluster = await start(dir);
    expect(clusterPid(dir)).not.toBe(leftover);
    expect(await query(cluster.urlOf(EMBEDDED_DATABASE), 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('refuses a socket directory that is a link to somewhere else', async () => {
    const dir = dataDir(true);
    const elsewhere = dataDir(true);
    symlinkSync(elsewhere, join(dir, 'run'));
    await expect(startEmbeddedCluster(dir)).rejects.toThrow(/is not a directory: refusing/);
    expect(clusterPid(dir)).toBeUndefined();
  });

  it('leaves alone a process that took the number of a dead PostgreSQL, and starts', async () => {
    const dir = dataDir();
    await (await start(dir)).stop();
    const bystander = spawn('sleep', ['60']);
    try {
      writeFileSync(
        join(dir, 'postgres', 'postmaster.pid'),
        `${bystander.pid}\n${join(dir, 'postgres')}\n0\n5432\n\n\n`,
      );
      const cluster = await start(dir);
      expect(await query(cluster.urlOf(EMBEDDED_DATABASE), 'SELECT 1 AS one')).toEqual([
        { one: 1 },
      ]);
      expect(bystander.exitCode).toBeNull();
      expect(bystander.signalCode).toBeNull();
    } finally {
      bystander.kill();
    }
  });

  it('starts past a postmaster.pid whose process is gone', async () => {
    const dir = dataDir();
    await (await start(dir)).stop();
    const pidFile = join(dir, 'postgres', 'postmaster.pid');
    // A pid that cannot run: higher than any the kernel hands out.
    writeFileSync(pidFile, `4194999\n${join(dir, 'postgres')}\n0\n5432\n\n\n`);
    const cluster = await start(dir);
    expect(await query(cluster.urlOf(EMBEDDED_DATABASE), 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
