import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export class DataDirLockedError extends Error {}

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
 * Makes this process the only server on `dataDir`. The lock file holds our pid; a lock left by a
 * process that no longer runs (a crash, kill -9) is taken over, so it never stays stuck.
 * Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
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
    const holder = Number.parseInt(readFileSafe(lockPath), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(
        `The data directory ${dir} is in use by another Grantwell server (pid ${holder}). ` +
          'Stop that server, or start this one with another DATA_DIR.',
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
