import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/server/db/data-dir-lock.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'grantwell-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a directory locked by a live process, naming the directory', () => {
    const dir = freshDir();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'server.lock'), String(sleeper.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(dir);
    } finally {
      sleeper.kill();
    }
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(join(dir, 'server.lock'), String(gone.pid));

    const release = lockDataDir(dir);
    release();
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);
  });

  it('can be taken again once released', () => {
    const dir = freshDir();
    lockDataDir(dir)();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).not.toThrow(); // same process: a restart in place
    release();
  });
});
