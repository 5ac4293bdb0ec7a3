import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config.ts';
import { userInvitations } from '../../src/server/db/schema.ts';
import { argon2RunCount } from '../../src/server/lib/passwords.ts';
import { DEFAULT_PASSWORD, registerCompany, registrationFor } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { buildTestApp } from '../helpers/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const signIn = (
  target: FastifyInstance,
  username: string,
  password: string,
  address: string,
  headers: Record<string, string> = {},
) =>
  target.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: address,
    headers,
  });

const madeUp = (i: number) => `made_up_${i}_${Math.random().toString(36).slice(2, 8)}`;

describe('sign-in throttling is not a lock-out', () => {
  it('12 made-up names from an address never stop a user who signed in there before', async () => {
    // Every user behind one reverse proxy (without TRUST_PROXY) shares an address like this one.
    const shared = '10.20.0.1';
    const regular = await registerCompany(app);
    const newcomer = await registerCompany(app);
    expect((await signIn(app, regular.username, DEFAULT_PASSWORD, shared)).statusCode).toBe(200);

    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      answers.push((await signIn(app, madeUp(i), 'guess', shared)).statusCode);
    }
    expect(answers).toEqual([...Array(10).fill(401), 429, 429]);

    // The regular user still signs in from their usual address, whatever else it tried.
    expect((await signIn(app, regular.username, DEFAULT_PASSWORD, shared)).statusCode).toBe(200);
    // Names not known at that address stay held back, before any password is checked...
    const runs = argon2RunCount();
    const stranger = await signIn(app, madeUp(99), 'guess', shared);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.headers['retry-after']).toBe('900');
    // ...a real user who has never signed in from there too: nothing tells them apart yet.
    expect((await signIn(app, newcomer.username, DEFAULT_PASSWORD, shared)).statusCode).toBe(429);
    expect(argon2RunCount()).toBe(runs);
    // From any other address the newcomer is not held back.
    expect((await signIn(app, newcomer.username, DEFAULT_PASSWORD, '10.20.0.2')).statusCode).toBe(
      200,
    );
  });

  it("still limits guesses at a known user's password from their own address", async () => {
    const { username } = await registerCompany(app);
    const home = '10.21.0.1';
    const office = '10.21.0.2';
    expect((await signIn(app, username, DEFAULT_PASSWORD, home)).statusCode).toBe(200);
    expect((await signIn(app, username, DEFAULT_PASSWORD, office)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(app, username, 'wrong', home)).statusCode).toBe(401);
    }
    expect((await signIn(app, username, DEFAULT_PASSWORD, home)).statusCode).toBe(429);
    // The guesses at home do not keep the owner out of their other usual address.
    expect((await signIn(app, username, DEFAULT_PASSWORD, office)).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  const proxy = '10.30.0.1';

  it("keys the throttle on X-Forwarded-For's client when the proxy is trusted", async () => {
    const { trustProxy } = parseConfig({ TRUST_PROXY: proxy });
    const proxied = await buildTestApp({ trustProxy });
    try {
      const via = (client: string) =>
        signIn(proxied, madeUp(0), 'guess', proxy, { 'x-forwarded-for': client });
      for (let i = 0; i < 10; i++) expect((await via('203.0.113.7')).statusCode).toBe(401);
      expect((await via('203.0.113.7')).statusCode).toBe(429);
      // Another client behind the same proxy is its own address.
      expect((await via('203.0.113.8')).statusCode).toBe(401);
      // A sender that is not the trusted proxy cannot pick its address with the header.
      for (let i = 0; i < 10; i++) {
        await signIn(proxied, madeUp(i), 'guess', '10.30.0.9', {
          'x-forwarded-for': `192.0.2.${i}`,
        });
      }
      const spoofed = await signIn(proxied, madeUp(0), 'guess', '10.30.0.9', {
        'x-forwarded-for': '192.0.2.200',
      });
      expect(spoofed.statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-For when no proxy is trusted (the default)', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await signIn(app, madeUp(i), 'guess', '10.31.0.1', {
        'x-forwarded-for': `198.51.100.${i}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const fresh = await signIn(app, madeUp(10), 'guess', '10.31.0.1', {
      'x-forwarded-for': '198.51.100.200',
    });
    expect(fresh.statusCode).toBe(429);
  });
});

describe('sign-up throttling', () => {
  const register = (payload: object, address: string) =>
    app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress: address });

  it('refuses an address after 10 failed sign-ups in 15 minutes, saying when to retry', async () => {
    const { username } = await registerCompany(app);
    for (let i = 0; i < 10; i++) {
      expect((await register(registrationFor({ username }), '10.40.0.1')).statusCode).toBe(409);
    }
    const blocked = await register(registrationFor(), '10.40.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Too many failed sign-up attempts. Try again in 15 minutes.',
    });
    expect(blocked.headers['retry-after']).toBe('900');
    expect((await register(registrationFor(), '10.40.0.2')).statusCode).toBe(201);
  });

  it('does not count successful sign-ups: many people may share an address', async () => {
    for (let i = 0; i < 11; i++) {
      expect((await register(registrationFor(), '10.41.0.1')).statusCode).toBe(201);
    }
  });
});

describe('invitation acceptance throttling', () => {
  const accept = (token: string, address: string, password = 'Joiner-pass-1') =>
    app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, username: `joiner_${Math.random().toString(36).slice(2, 8)}`, password },
      remoteAddress: address,
    });
  const invite = async () => {
    const admin = clientFor(app, (await registerCompany(app)).cookie);
    const created = await admin.post('/api/organization/invitations', {
      name: 'Jo Joiner',
      email: 'jo@example.org',
    });
    expect(created.statusCode).toBe(201);
    const { id, previewUrl } = created.json<{ id: number; previewUrl: string }>();
    return { id, token: new URL(previewUrl).searchParams.get('token') ?? '' };
  };

  it('refuses an address after 10 failed acceptances in 15 minutes', async () => {
    const { token } = await invite();
    for (let i = 0; i < 10; i++) {
      expect((await accept(`not-a-token-${i}`, '10.50.0.1')).statusCode).toBe(404);
    }
    const blocked = await accept(token, '10.50.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Too many failed attempts to accept an invitation. Try again in 15 minutes.',
    });
    expect(blocked.headers['retry-after']).toBe('900');
    expect((await accept(token, '10.50.0.2')).statusCode).toBe(201);
  });

  it('checks the link before hashing: a dead link costs no argon2 run', async () => {
    const longPassword = 'P'.repeat(100);
    const used = await invite();
    expect((await accept(used.token, '10.51.0.1')).statusCode).toBe(201);
    const expired = await invite();
    await app.db
      .update(userInvitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(userInvitations.id, expired.id));

    const before = argon2RunCount();
    expect((await accept('not-a-real-token', '10.51.0.2', longPassword)).statusCode).toBe(404);
    expect((await accept(used.token, '10.51.0.2', longPassword)).statusCode).toBe(409);
    expect((await accept(expired.token, '10.51.0.2', longPassword)).statusCode).toBe(409);
    expect(argon2RunCount()).toBe(before);

    // A live link is the one case that pays for a hash.
    const live = await invite();
    const runs = argon2RunCount();
    expect((await accept(live.token, '10.51.0.2', longPassword)).statusCode).toBe(201);
    expect(argon2RunCount()).toBe(runs + 1);
  });
});
