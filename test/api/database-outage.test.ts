import { connect, createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/server-process.ts';
import { registerCompany } from '../helpers/factories.ts';
import { buildTestApp } from '../helpers/test-app.ts';
import { defaultTestDatabaseUrl, socketPathOf } from '../helpers/test-database.ts';

/**
 * A TCP relay between the app and PostgreSQL (its TCP port, or its Unix socket): closing it is
 * the database going away for the app (every connection cut, new ones refused), without
 * stopping the server the other test files share.
 */
function relay(port: number, target: URL) {
  const socketPath = socketPathOf(target.href);
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  return {
    start: () =>
      new Promise<void>((resolve) => {
        server = createServer((client) => {
          const upstream = socketPath
            ? connect(socketPath)
            : connect(Number(target.port || 5432), target.hostname);
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

describe('when the PostgreSQL server goes away', () => {
  let app: FastifyInstance;
  let link: ReturnType<typeof relay>;

  beforeAll(async () => {
    const target = new URL(await defaultTestDatabaseUrl());
    const port = await freePort();
    link = relay(port, target);
    await link.start();
    const through = new URL(target);
    through.hostname = '127.0.0.1';
    through.port = String(port);
    through.searchParams.delete('host');
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
