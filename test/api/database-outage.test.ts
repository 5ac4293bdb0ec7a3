import { connect, createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany } from '../helpers/factories.ts';
import { freePort } from '../helpers/server-process.ts';
import { buildTestApp } from '../helpers/test-app.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * A TCP relay between the app and the PostgreSQL server: closing it is the database going away
 * for the app (every connection cut, new ones refused), without stopping the shared server.
 */
function relay(port: number, target: URL) {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  return {
    start: () =>
      new Promise<void>((resolve) => {
        server = createServer((client) => {
          const upstream = connect(Number(target.port || 5432), target.hostname);
          for (const socket of [client, upstream]) {
            sockets.add(socket);
            socket.on('close', () => sockets.delete(socket));
            socket.on('error', () => socket.destroy());
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, '127.0.0.1', resolve);
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server?.close(() => resolve());
      }),
  };
}

// Needs a PostgreSQL server: the embedded database has no connection to lose.
describe.skipIf(!serverUrl)('when the PostgreSQL server goes away', () => {
  let app: FastifyInstance;
  let link: ReturnType<typeof relay>;

  beforeAll(async () => {
    const target = new URL(serverUrl ?? '');
    const port = await freePort();
    link = relay(port, target);
    await link.start();
    const through = new URL(target);
    through.hostname = '127.0.0.1';
    through.port = String(port);
    app = await buildTestApp({ database: { kind: 'server', url: through.href } });
  });
  afterAll(async () => {
    await app.close();
    await link.stop();
  });

  it('answers 503 with a message while it is down, and recovers by itself', async () => {
    const { cookie } = await registerCompany(app);
    const me = () => app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect((await me()).statusCode).toBe(200);

    await link.stop();
    // Three times the pool's size at once: no connection may stay stuck, or recovery would fail.
    const answers = await Promise.all(Array.from({ length: 30 }, me));
    for (const response of answers) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: 'The database is unavailable right now. Please try again shortly.',
      });
    }

    await link.start();
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await me()).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    const again = await registerCompany(app);
    expect(again.user.id).toBeGreaterThan(0);
  });
});
