import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { spawnServer } from '../../scripts/lib/server-process.ts';
import { clusterPid } from '../../src/server/db/embedded-cluster.ts';
import { DEFAULT_PASSWORD, registrationFor } from '../helpers/factories.ts';
import { openRawRequest, statusOf } from '../helpers/raw-http.ts';
import { type ServerProcess, test } from '../helpers/server-process.ts';
import { until } from '../helpers/until.ts';

const register = (server: ServerProcess, body: Record<string, unknown>) =>
  fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const loginStatus = async (server: ServerProcess, username: string) =>
  (
    await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: DEFAULT_PASSWORD }),
    })
  ).status;

describe('the server process on the embedded database', {
  timeout: 120_000,
  concurrent: true,
}, () => {
  // Each server start costs about a second of CPU, so a test goes on with the server it has
  // where the next step needs one in that state.
  test('finishes a request in flight on SIGTERM and frees the directory; keeps every acknowledged registration when killed with SIGKILL', async ({
    servers,
  }) => {
    const dataDir = servers.dataDir('stop');
    const first = await servers.start(dataDir);
    const body = registrationFor();
    const payload = JSON.stringify(body);
    // The request is in flight once the server has read its head: it asks for the body with
    // 100 Continue. Only then is the server told to stop, and only then is the body sent.
    const inFlight = await openRawRequest(first.url, {
      method: 'POST',
      path: '/api/register',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        expect: '100-continue',
        connection: 'close',
      },
    });
    await inFlight.received('100 Continue');
    first.child.kill('SIGTERM');
    await inFlight.write(payload);

    expect(statusOf(await inFlight.answer)).toBe(201);
    expect(await first.exited).toBe(0);
    // Its PostgreSQL stopped with it, and nothing holds the directory.
    expect(clusterPid(dataDir)).toBeUndefined();
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);

    const second = await servers.start(dataDir);
    expect(await loginStatus(second, body.username)).toBe(200);
    const usernames: string[] = [];
    for (let i = 0; i < 5; i++) {
      const registration = registrationFor();
      expect((await register(second, registration)).status).toBe(201);
      usernames.push(registration.username);
    }
    second.child.kill('SIGKILL');
    await second.exited;

    const third = await servers.start(dataDir);
    for (const username of usernames) expect(await loginStatus(third, username)).toBe(200);
  });

  test('says in plain lines where it is running, logs requests by their paths, and refuses a second server on its directory or its port', async ({
    servers,
  }) => {
    const dataDir = servers.dataDir('startup');
    const first = await servers.start(dataDir);
    const port = new URL(first.url).port;
    const lines = first.output().split('\n');
    // The first line of output, before the JSON log lines, is the address to open (APP_URL).
    expect(lines[0]).toBe(`Grantwell is running at http://localhost:${port}`);
    // APP_URL is not set here: the next line says which address links use, and what to do.
    expect(lines[1]).toBe(
      `APP_URL is not set, so invitation links use http://localhost:${port}, which opens only on this computer: set APP_URL to the address your team opens.`,
    );
    expect(lines[2]).toMatch(/^\{/);

    // Each request is logged by its path, never a token or a search from the address.
    const paths = [
      '/api/invitations/secret-invitation-token',
      '/reset-password?token=secret-reset-token',
      '/accept-invitation?token=secret-link-token',
      '/api/contacts?q=Secret%20Searched%20Name',
    ];
    for (const path of paths) await (await fetch(`${first.url}${path}`)).arrayBuffer();
    await until(
      () => first.output().includes('"url":"/api/contacts"'),
      'the last request was logged',
    );
    const logged = first
      .output()
      .split('\n')
      .filter((line) => line.includes('"request completed"'))
      .map((line) => (JSON.parse(line) as { url: string }).url)
      .filter((url) => url !== '/api/user'); // asked while waiting for the server
    expect(logged).toEqual([
      '/api/invitations/:token',
      '/reset-password',
      '/accept-invitation',
      '/api/contacts',
    ]);
    expect(first.output()).not.toMatch(/secret|Searched/i);

    // A second server on the same directory is refused while the first keeps serving.
    const sameDir = await servers.spawn(dataDir);
    expect(await sameDir.exited).not.toBe(0);
    expect(sameDir.output()).toContain(`The data directory ${dataDir} is in use`);
    expect((await fetch(`${first.url}/api/user`)).status).toBe(401);

    // One on another directory but the same port says so in one sentence.
    const takenDir = servers.dataDir('taken');
    const samePort = await servers.spawn(takenDir, { PORT: port });
    expect(await samePort.exited).not.toBe(0);
    expect(samePort.output().trim()).toBe(
      `Port ${port} is already in use: stop the program using it, or set PORT to another port.`,
    );
    // It stopped the PostgreSQL it had started for its directory.
    expect(clusterPid(takenDir)).toBeUndefined();
  });

  test('refuses to start with NODE_ENV=test, which hashes passwords cheaply', async () => {
    const server = spawnServer({
      PORT: '1',
      DATA_DIR: join(tmpdir(), 'grantwell-never-opened'),
      NODE_ENV: 'test',
    });
    expect(await server.exited).not.toBe(0);
    expect(server.output().trim()).toBe(
      'NODE_ENV=test is for the test suite only (it hashes passwords cheaply): use production or development.',
    );
  });
});
