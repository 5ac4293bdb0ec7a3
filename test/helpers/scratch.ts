import { accessSync, constants, mkdtempSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MEMORY = '/dev/shm';
/** What a test run may hold at once: its cluster's databases and some servers' data directories. */
const ROOM_NEEDED = 2 * 1024 ** 3;

/**
 * Where tests keep files that live no longer than the test run: /dev/shm, a file system in memory,
 * where the machine has one. A PostgreSQL database is some hundreds of files, and a copy of a
 * started data directory well over a thousand: on a disk's file system each new file can cost
 * about a millisecond of the kernel's time (a second for a data directory), in memory next to
 * nothing. Elsewhere, or where it has too little room, the system's temporary folder.
 */
function scratchRoot() {
  try {
    accessSync(MEMORY, constants.W_OK | constants.X_OK);
    const { bavail, bsize } = statfsSync(MEMORY);
    // A container's is often 64 MB: too small for a run's databases, so the disk serves there.
    return bavail * bsize >= ROOM_NEEDED ? MEMORY : tmpdir();
  } catch {
    return tmpdir();
  }
}

const root = scratchRoot();

/** A new directory for a test's files, named `grantwell-<name>-…`; the caller removes it. */
export function scratchDir(name: string): string {
  return mkdtempSync(join(root, `grantwell-${name}-`));
}
