import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** What holds a data directory: its server, or a backup or restore run on it while none does. */
export type DataDirHolder = 'server' | 'backup' | 'restore';

const HOLDERS: Record<DataDirHolder, { is: string; next: string }> = {
  server: {
    is: 'another Grantwell server',
    next: 'Stop that server, or start this one with another DATA_DIR.',
  },
  backup: { is: 'a backup', next: 'Try again once it has finished.' },
  restore: { is: 'a restore', next: 'Try again once it has finished.' },
};

export class DataDirLockedError extends Error {
  constructor(
    message: string,
    /** What holds the directory (a lock written before holders were named: a server). */
    readonly holder: DataDirHolder = 'server',
  ) {
    super(message);
  }
}

/** Whether a process with this pid runs (it may belong to another user). */
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Makes this process the only one on `dataDir` (its server, or a backup or restore while no
 * server runs). The lock file holds our pid and what we are; a lock left by a process that no
 * longer runs (a crash, kill -9) is taken over, so it never stays stuck. Returns the function
 * that releases it.
 */
export function lockDataDir(dataDir: string, as: DataDirHolder = 'server'): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, `${process.pid} ${as}`);
      closeSync(fd);
      // However the process ends (process.exit included), the lock goes with it.
      const release = () => {
        process.off('exit', release);
        rmSync(lockPath, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const [pid = '', named = ''] = readFileSafe(lockPath).trim().split(' ');
    const holder = Number.parseInt(pid, 10);
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      const kind: DataDirHolder = named === 'backup' || named === 'restore' ? named : 'server';
      throw new DataDirLockedError(
        `The data directory ${dir} is in use by ${HOLDERS[kind].is} (pid ${holder}). ${HOLDERS[kind].next}`,
        kind,
      );
    }
    rmSync(lockPath, { force: true });
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
