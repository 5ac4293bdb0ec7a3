import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilServing,
} from '../../scripts/lib/server-process.ts';
import { defaultTestDatabaseUrl } from '../helpers/test-database.ts';

const json = { 'content-type': 'application/json' };

/** Two processes of the app, as a load balancer would have them, on one PostgreSQL server. */
describe('two server processes on one PostgreSQL database', () => {
  let one: ServerProcess;
  let two: ServerProcess;
  // Every process spawned, so none outlives the file even when the other failed to start.
  const spawned: ServerProcess[] = [];

  beforeAll(async () => {
    const databaseUrl = await defaultTestDatabaseUrl();
    // Started together: the migration lock lets one migrate while the other waits, and the
    // reminder queues are made once whichever process gets there first.
    [one, two] = (await Promise.all(
      [0, 1].map(async () => {
        const server = spawnServer({
          PORT: String(await freePort()),
          DATABASE_URL: databaseUrl,
        });
        spawned.push(server);
        await waitUntilServing(server);
        return server;
      }),
    )) as [ServerProcess, ServerProcess];
  }, 90_000);

  afterAll(async () => {
    for (const server of spawned) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  const call = (server: ServerProcess, path: string, cookie: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, { ...init, headers: { ...json, cookie, ...init.headers } });

  it('shares sessions and records between the processes', async () => {
    const username = `scale_${Date.now().toString(36)}`;
    const registered = await fetch(`${one.url}/api/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        username,
        password: 'Scale-out-1',
        name: 'Scale Out',
        email: 'scale@example.org',
        organization: 'Two Process Trust',
      }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie()[0]?.split(';')[0] ?? '';

    // The session made on one process is good on the other.
    const user = await call(two, '/api/user', cookie);
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ username, companyName: 'Two Process Trust' });

    // A record written through one is read through the other.
    const created = await call(two, '/api/contacts', cookie, {
      method: 'POST',
      body: JSON.stringify({ name: 'Ada Lovelace', email: 'ada@engine.org' }),
    });
    expect(created.status).toBe(201);
    const listed = await call(one, '/api/contacts', cookie);
    expect(await listed.json()).toEqual([expect.objectContaining({ name: 'Ada Lovelace' })]);

    // Signing out on one ends the session on both.
    const logout = await fetch(`${one.url}/api/logout`, { method: 'POST', headers: { cookie } });
    expect(logout.status).toBeLessThan(300);
    expect((await call(two, '/api/user', cookie)).status).toBe(401);

    // A sign-in on the second process works on the first.
    const login = await fetch(`${two.url}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, password: 'Scale-out-1' }),
    });
    expect(login.status).toBe(200);
    const again = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    expect((await call(one, '/api/user', again)).status).toBe(200);
  });
});
