import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { type AppConfig, parseConfig } from '../../src/server/config.ts';
import { defaultTestDatabaseUrl } from './test-database.ts';

export const TEST_APP_URL = 'http://localhost:3000';

/**
 * The whole app on a real, migrated PostgreSQL: a database of its own on the test run's
 * embedded cluster, or the server named by TEST_DATABASE_URL.
 */
export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const config = parseConfig({ NODE_ENV: 'test', APP_URL: TEST_APP_URL });
  const database = overrides.database ?? {
    kind: 'server' as const,
    url: await defaultTestDatabaseUrl(),
  };
  return buildApp({ ...config, ...overrides, database });
}

/**
 * The app a test file's tests share (buildTestApp), closed after the last of them. Awaited at
 * the top of the file: `const app = await appForThisFile();`.
 */
export async function appForThisFile(overrides: Partial<AppConfig> = {}) {
  // Loading a file has no time limit of its own: this is the hooks' (60 s).
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the test app was not built within 60 s')), 60_000);
  });
  const app = await Promise.race([buildTestApp(overrides), late]).finally(() =>
    clearTimeout(timer),
  );
  afterAll(() => app.close());
  return app;
}

/** The `cookie` request header that carries the session a response just set. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'grantwell_session');
  if (!cookie) throw new Error(`no session cookie in the response (status ${response.statusCode})`);
  return `${cookie.name}=${cookie.value}`;
}

/** Starts `app` on a free port of this machine and answers its base address. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}
