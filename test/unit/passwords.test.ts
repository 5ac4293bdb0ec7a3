import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/lib/passwords.ts';

/** A hash made by a process outside the test runner, as the server makes them. */
const hashedByServerProcess = (password: string) =>
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { hashPassword } = await import('./src/server/lib/passwords.ts'); console.log(await hashPassword(${JSON.stringify(password)}));`,
    ],
    { env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8' },
  ).trim();

const costOf = (hash: string) =>
  /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash)?.slice(1);

describe('password hashing', () => {
  it('hashes at OWASP’s minimum outside the test runner', () => {
    // argon2id, 19 MiB, 2 passes, 1 lane.
    expect(costOf(hashedByServerProcess('Secret-pass-1'))).toEqual(['19456', '2', '1']);
  });

  it('hashes cheaply under the test runner, and a hash of either cost verifies', async () => {
    const cheap = await hashPassword('Secret-pass-1', 'test');
    expect(costOf(cheap)).toEqual(['1024', '1', '1']);
    // A hash made at the full cost (as by a server process) verifies here too.
    const full = hashedByServerProcess('Secret-pass-1');
    expect(await verifyPassword(full, 'Secret-pass-1', 'test')).toBe(true);
    expect(await verifyPassword(full, 'secret-pass-1', 'test')).toBe(false);
    expect(await verifyPassword(cheap, 'Secret-pass-1', 'test')).toBe(true);
  });

  it('verifies a password hashed as it was typed, before passwords were composed, typed so again', async () => {
    const decomposed = 'Pa\u0308ssword-1';
    const { hash } = await import('@node-rs/argon2');
    const saved = await hash(decomposed, { memoryCost: 1_024, timeCost: 1, parallelism: 1 });
    expect(await verifyPassword(saved, decomposed, 'test')).toBe(true);
    expect(await verifyPassword(saved, 'Password-1', 'test')).toBe(false);
  });
});
