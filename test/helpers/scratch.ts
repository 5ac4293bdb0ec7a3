import {
  accessSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statfsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { stopLeftoverCluster } from '../../src/server/db/embedded-cluster.ts';

const MEMORY = '/dev/shm';
/** What a test run may hold at once: its cluster's databases and some servers' data directories. */
const ROOM_NEEDED = 2 * 1024 ** 3;
const RUN_PREFIX = 'grantwell-run-';

/**
 * Where a test run keeps its files: /dev/shm, a file system in memory, where the machine has one
 * with room for a run. A PostgreSQL database is some hundreds of files, and a copy of a started
 * data directory over a thousand: a disk's file system may spend a millisecond of the kernel's
 * time on each new file, memory next to nothing. Elsewhere (a container's is often 64 MB), the
 * system's temporary folder.
 */
function scratchParent() {
  try {
    accessSync(MEMORY, constants.W_OK | constants.X_OK);
    const { bavail, bsize } = statfsSync(MEMORY);
    return bavail * bsize >= ROOM_NEEDED ? MEMORY : tmpdir();
  } catch {
    return tmpdir();
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The folders of runs that were killed before their teardown: their clusters are stopped and
 * the folders removed, so that memory is not held until the machine restarts.
 */
async function removeKilledRuns(parent: string) {
  for (const name of readdirSync(parent)) {
    const pid = Number.parseInt(name.slice(RUN_PREFIX.length), 10);
    if (!name.startsWith(RUN_PREFIX) || !Number.isInteger(pid) || isAlive(pid)) continue;
    const folder = join(parent, name);
    for (const dir of readdirSync(folder)) await stopLeftoverCluster(join(folder, dir));
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * For the global setup: this run's folder (named after its process, so a later run can tell
 * that it was killed), chosen once for every worker; `remove` deletes it and all in it.
 */
export async function startScratchRun() {
  const parent = scratchParent();
  await removeKilledRuns(parent);
  const root = join(parent, `${RUN_PREFIX}${process.pid}`);
  mkdirSync(root, { recursive: true, mode: 0o755 });
  return {
    root,
    dir: (name: string) => mkdtempSync(join(root, `${name}-`)),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** In a test: a new directory in the run's folder, named `<name>-…`; the caller removes it. */
export function scratchDir(name: string): string {
  return mkdtempSync(join(inject('scratchRoot'), `${name}-`));
}
