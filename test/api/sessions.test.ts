import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema.ts';
import { hashToken } from '../../src/server/lib/tokens.ts';
import {
  DEFAULT_PASSWORD,
  login,
  randomAddress,
  registerCompany,
  uniqueUsername,
} from '../helpers/factories.ts';
import { buildTestApp } from '../helpers/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const HOUR = 60 * 60 * 1000;
const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
const hashOf = (cookie: string) => hashToken(cookie.split('=')[1] ?? '');
const ago = (ms: number) => new Date(Date.now() - ms);

/** Moves a session's clock, as if time had passed. */
const setSession = (cookie: string, values: Partial<typeof sessions.$inferInsert>) =>
  app.db
    .update(sessions)
    .set(values)
    .where(eq(sessions.tokenHash, hashOf(cookie)));
const sessionRow = async (cookie: string) =>
  (
    await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashOf(cookie)))
  )[0];

describe('session lifetime', () => {
  it('ends a session idle for more than 12 hours', async () => {
    const { cookie } = await registerCompany(app);
    await setSession(cookie, { lastSeenAt: ago(11 * HOUR) });
    expect((await me(cookie)).statusCode).toBe(200);
    await setSession(cookie, { lastSeenAt: ago(12 * HOUR + 60_000) });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends a session 7 days after sign-in even when in use', async () => {
    const { cookie } = await registerCompany(app);
    await setSession(cookie, { expiresAt: ago(1000) });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('keeps a session in use alive by marking it used', async () => {
    const { cookie } = await registerCompany(app);
    await setSession(cookie, { lastSeenAt: ago(10 * 60_000) });
    await me(cookie);
    const row = await sessionRow(cookie);
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('purges expired and idle sessions when someone signs in', async () => {
    const stale = await registerCompany(app);
    const idle = await registerCompany(app);
    await setSession(stale.cookie, { expiresAt: ago(1000) });
    await setSession(idle.cookie, { lastSeenAt: ago(13 * HOUR) });
    const fresh = await registerCompany(app);
    await login(app, fresh.username, DEFAULT_PASSWORD);
    expect(await sessionRow(stale.cookie)).toBeUndefined();
    expect(await sessionRow(idle.cookie)).toBeUndefined();
    expect(await sessionRow(fresh.cookie)).toBeDefined();
  });
});

describe('login throttling', () => {
  const attempt = (username: string, password: string, address: string) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      remoteAddress: address,
    });

  it('refuses an address after 10 failures in 15 minutes, saying when to retry', async () => {
    const { username } = await registerCompany(app);
    const address = randomAddress();
    for (let i = 0; i < 10; i++) {
      expect((await attempt(username, 'wrong', address)).statusCode).toBe(401);
    }
    const blocked = await attempt(username, DEFAULT_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    );
    expect(Number(blocked.headers['retry-after'])).toBe(900);
  });

  it('refuses an address that tries many accounts', async () => {
    const address = randomAddress();
    for (let i = 0; i < 10; i++) await attempt(uniqueUsername('nobody'), 'wrong', address);
    const { username } = await registerCompany(app);
    expect((await attempt(username, DEFAULT_PASSWORD, address)).statusCode).toBe(429);
    expect((await attempt(username, DEFAULT_PASSWORD, randomAddress())).statusCode).toBe(200);
  });

  it('an attack on an account from elsewhere never locks its owner out of a known address', async () => {
    const { username } = await registerCompany(app);
    const home = randomAddress();
    const elsewhere = randomAddress();
    // The owner has signed in from their own address before.
    expect((await attempt(username, DEFAULT_PASSWORD, home)).statusCode).toBe(200);
    // An attacker spreads failures over many addresses, 2 each.
    for (let i = 0; i < 6; i++) {
      const attacker = randomAddress();
      await attempt(username, 'guess', attacker);
      await attempt(username, 'guess', attacker);
    }
    // Unknown addresses are held back now...
    expect((await attempt(username, DEFAULT_PASSWORD, elsewhere)).statusCode).toBe(429);
    // ...but the owner's known address is not.
    expect((await attempt(username, DEFAULT_PASSWORD, home)).statusCode).toBe(200);
    // That success clears the account's failures, so new addresses may try again.
    expect((await attempt(username, DEFAULT_PASSWORD, elsewhere)).statusCode).toBe(200);
  });

  it('a success resets the failures of the account', async () => {
    const { username } = await registerCompany(app);
    const address = randomAddress();
    for (let i = 0; i < 9; i++) await attempt(username, 'wrong', address);
    expect((await attempt(username, DEFAULT_PASSWORD, address)).statusCode).toBe(200);
    expect((await attempt(username, 'wrong', address)).statusCode).toBe(401);
    expect((await attempt(username, DEFAULT_PASSWORD, address)).statusCode).toBe(200);
  });
});
