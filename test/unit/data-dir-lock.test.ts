import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('says what holds it: a server, or a backup or a restore run while none does', () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      for (const [written, said, kind] of [
        [`${sleeper.pid}`, 'another Grantwell server', 'server'],
        [`${sleeper.pid} server`, 'another Grantwell server', 'server'],
        [`${sleeper.pid} restore`, 'a restore', 'restore'],
        [`${sleeper.pid} backup`, 'a backup', 'backup'],
      ] as const) {
        const dir = freshDir();
        writeFileSync(join(dir, 'server.lock'), written);
        let refusal: unknown;
        try {
          lockDataDir(dir, 'restore');
        } catch (error) {
          refusal = error;
        }
        expect(refusal).toBeInstanceOf(DataDirLockedError);
        expect((refusal as DataDirLockedError).holder).toBe(kind);
        expect((refusal as Error).message).toBe(
          `The data directory ${dir} is in use by ${said} (pid ${sleeper.pid}). ${
            kind === 'server'
              ? 'Stop that server, or start this one with another DATA_DIR.'
              : 'Try again once it has finished.'
          }`,
        );
      }
    } finally {
      sleeper.kill();
    }
  });

  it('writes what holds it beside its pid', () => {
    const dir = freshDir();
    const release = lockDataDir(dir, 'backup');
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(`${process.pid} backup`);
    release();
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
