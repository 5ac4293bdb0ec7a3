import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { clusterPid } from '../../src/server/db/embedded-cluster.ts';
import { registrationFor } from '../helpers/factories.ts';
import { openRawRequest } from '../helpers/raw-http.ts';
import { multipartFile } from '../helpers/requests.ts';
import { type ServerProcess, test } from '../helpers/server-process.ts';
import { until } from '../helpers/until.ts';

/** Signs `account` in on `server`: the session cookie. */
async function signIn(server: ServerProcess, account: { username: string; password: string }) {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

/** A new company on `server`: its account and the session cookie it got. */
async function signUp(server: ServerProcess) {
  const account = registrationFor();
  const registered = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  return { account, cookie: registered.headers.getSetCookie()[0]?.split(';')[0] ?? '' };
}

describe('graceful shutdown', { timeout: 120_000 }, () => {
  // One server after another on one directory: each start costs about a second of CPU.
  test('loses no acknowledged request when stopped with SIGTERM mid-stream; ends within the grace period with an upload stalled mid-body, and frees the data directory', async ({
    servers,
  }) => {
    const dataDir = servers.dataDir('graceful');
    const first = await servers.start(dataDir);
    const { account, cookie } = await signUp(first);

    const acknowledged: string[] = [];
    let stopping = false;
    const writer = async (w: number) => {
      for (let i = 0; !stopping; i++) {
        const name = `w${w}-${i}`;
        try {
          const response = await fetch(`${first.url}/api/contacts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ name, email: `${name}@example.org` }),
          });
          if (response.status === 201) acknowledged.push(name);
          else expect([503]).toContain(response.status);
        } catch {
          stopping = true; // the server no longer accepts connections
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    // Stopped mid-stream: once writes are being acknowledged, however busy the machine is.
    await until(() => acknowledged.length > 20, 'more than 20 acknowledged writes', 60_000);
    first.child.kill('SIGTERM');
    await Promise.all(writers);
    expect(await first.exited).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(20);

    const second = await servers.start(dataDir, { SHUTDOWN_GRACE_SECONDS: '3' });
    const session = await signIn(second, account);
    const stored = await fetch(`${second.url}/api/contacts?limit=500`, {
      headers: { cookie: session },
    });
    const names = new Set(((await stored.json()) as { name: string }[]).map((c) => c.name));
    expect(acknowledged.filter((name) => !names.has(name))).toEqual([]);

    const { payload, headers } = multipartFile('name,email\r\nStalled,s@x.org\r\n'.repeat(200));
    const stalled = await openRawRequest(
      second.url,
      {
        method: 'POST',
        path: '/api/contacts/upload',
        headers: { ...headers, cookie: session, 'content-length': payload.length },
      },
      payload.subarray(0, payload.length / 2),
    );
    // The stalled request has reached the server once another request is answered after it.
    expect((await fetch(`${second.url}/api/user`, { headers: { cookie: session } })).status).toBe(
      200,
    );

    const started = performance.now();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const elapsed = performance.now() - started;
    // The stalled request kept the server for its grace period (3 s), not for ever; had it not
    // been in flight, the server would have stopped at once.
    expect(elapsed).toBeGreaterThan(2_500);
    expect(elapsed).toBeLessThan(8_000);
    expect(await stalled.answer).toBe(''); // its connection was cut
    // Its PostgreSQL stopped with it, and nothing holds the directory.
    expect(clusterPid(dataDir)).toBeUndefined();
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  });
});
