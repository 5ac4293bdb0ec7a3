import { accessSync, constants, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where tests keep files that live no longer than the test run: /dev/shm, a file system in memory,
 * where the machine has one. A PostgreSQL database is some hundreds of files, and a copy of a
 * started data directory well over a thousand: on a disk's file system each new file can cost
 * about a millisecond of the kernel's time (a second for a data directory), in memory next to
 * nothing. Elsewhere, the system's temporary folder.
 */
function scratchRoot() {
  try {
    accessSync('/dev/shm', constants.W_OK | constants.X_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

const root = scratchRoot();

/** A new directory for a test's files, named `grantwell-<name>-…`; the caller removes it. */
export function scratchDir(name: string): string {
  return mkdtempSync(join(root, `grantwell-${name}-`));
}
