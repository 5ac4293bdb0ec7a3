import { randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config.ts';
import { userInvitations } from '../../src/server/db/schema.ts';
import { argon2MostAtOnce, argon2RunCount } from '../../src/server/lib/passwords.ts';
import {
  DEFAULT_PASSWORD,
  randomAddress,
  registerCompany,
  registrationFor,
  uniqueUsername,
} from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { appForThisFile, buildTestApp } from '../helpers/test-app.ts';

// Every address here is drawn per run: the throttle tables outlive a run on a shared database.

const app = await appForThisFile();

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

const register = (payload: object, address: string) =>
  app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress: address });

const accept = (
  token: string,
  address: string,
  password = 'Joiner-pass-1',
  username = uniqueUsername('joiner'),
) =>
  app.inject({
    method: 'POST',
    url: '/api/invitations/accept',
    payload: { token, username, password },
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

const madeUp = () => uniqueUsername('made_up');

/** How many answers had each status: `{ 401: 10, 429: 20 }`. */
const statusCounts = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
};

/** Sends `count` requests at once, as a script would. */
const together = (count: number, send: (i: number) => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: count }, (_, i) => send(i)));

describe('sign-ins that all succeed', () => {
  it('check their passwords a few at a time in the process, one a core but one, and all get in', async () => {
    const owner = await registerCompany(app, { username: uniqueUsername('flood') });
    const address = randomAddress();
    const answers = await together(12, () => signIn(app, owner.username, owner.password, address));
    expect(statusCounts(answers)).toEqual({ 200: 12 });
    expect(argon2MostAtOnce()).toBeLessThanOrEqual(Math.max(1, availableParallelism() - 1));
  });
});

describe('sign-in throttling is not a lock-out', () => {
  it('12 made-up names from an address never stop a user who signed in there before', async () => {
    // Every user behind one reverse proxy (without TRUST_PROXY) shares an address like this one.
    const shared = randomAddress();
    const regular = await registerCompany(app);
    const newcomer = await registerCompany(app);
    expect((await signIn(app, regular.username, DEFAULT_PASSWORD, shared)).statusCode).toBe(200);

    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      answers.push((await signIn(app, madeUp(), 'guess', shared)).statusCode);
    }
    expect(answers).toEqual([...Array(10).fill(401), 429, 429]);

    // The regular user still signs in from their usual address, whatever else it tried.
    expect((await signIn(app, regular.username, DEFAULT_PASSWORD, shared)).statusCode).toBe(200);
    // Names not known at that address stay held back, before any password is checked...
    const runs = argon2RunCount();
    const stranger = await signIn(app, madeUp(), 'guess', shared);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.headers['retry-after']).toBe('900');
    // ...a real user who has never signed in from there too: nothing tells them apart yet.
    expect((await signIn(app, newcomer.username, DEFAULT_PASSWORD, shared)).statusCode).toBe(429);
    expect(argon2RunCount()).toBe(runs);
    // From any other address the newcomer is not held back.
    const elsewhere = randomAddress();
    expect((await signIn(app, newcomer.username, DEFAULT_PASSWORD, elsewhere)).statusCode).toBe(
      200,
    );
  });

  it("still limits guesses at a known user's password from their own address", async () => {
    const { username } = await registerCompany(app);
    const home = randomAddress();
    const office = randomAddress();
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

/** A /64 of its own, in the documentation range 2001:db8::/32. */
const randomPrefix = () =>
  `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;

describe('IPv6 addresses', () => {
  it('count as their /64: its owner picks among its addresses freely', async () => {
    const prefix = randomPrefix();
    const answers: number[] = [];
    for (let k = 1; k <= 15; k++) {
      answers.push((await signIn(app, madeUp(), 'guess', `${prefix}::${k}`)).statusCode);
    }
    expect(answers).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
    // Another /64 is another connection.
    expect((await signIn(app, madeUp(), 'guess', `${randomPrefix()}::1`)).statusCode).toBe(401);
  });

  it('an address where an account signed in makes its whole /64 known to it', async () => {
    const prefix = randomPrefix();
    const { username } = await registerCompany(app);
    expect((await signIn(app, username, DEFAULT_PASSWORD, `${prefix}::1`)).statusCode).toBe(200);
    for (let k = 0; k < 10; k++) await signIn(app, madeUp(), 'guess', `${prefix}::${k + 10}`);
    expect((await signIn(app, madeUp(), 'guess', `${prefix}::99`)).statusCode).toBe(429);
    // The user's device took a new address in the same /64: still one of its own.
    expect((await signIn(app, username, DEFAULT_PASSWORD, `${prefix}::2`)).statusCode).toBe(200);
  });

  it('an IPv4-mapped address counts as the IPv4 address it carries', async () => {
    const address = randomAddress();
    for (let i = 0; i < 10; i++) await signIn(app, madeUp(), 'guess', address);
    expect((await signIn(app, madeUp(), 'guess', `::ffff:${address}`)).statusCode).toBe(429);
  });
});

describe('usernames that PostgreSQL and JavaScript lower-case differently', () => {
  // lower('İ') is 'i' in PostgreSQL, which finds the account; toLowerCase gives 'i' + U+0307.
  const dotted = (username: string) => username.replaceAll('i', '\u0130');

  it('a dotted capital I names the same account to the throttle as to the sign-in', async () => {
    const { username } = await registerCompany(app);
    expect(username).toContain('i');
    for (let i = 0; i < 10; i++) {
      expect((await signIn(app, username, 'wrong', randomAddress())).statusCode).toBe(401);
    }
    expect((await signIn(app, username, DEFAULT_PASSWORD, randomAddress())).statusCode).toBe(429);
    const runs = argon2RunCount();
    const variant = await signIn(app, dotted(username), DEFAULT_PASSWORD, randomAddress());
    expect(variant.statusCode).toBe(429);
    expect(argon2RunCount()).toBe(runs);
  });

  it('cannot sign up next to the account it would sign in to', async () => {
    const { username } = await registerCompany(app);
    const taken = await register(registrationFor({ username: dotted(username) }), randomAddress());
    expect(taken.statusCode).toBe(409);
  });
});

describe('a username with a letter that can be typed composed or not (ë, or e and U+0308)', () => {
  const composed = (base: string) => `${base}\u00eb`;
  const decomposed = (base: string) => `${base}e\u0308`;

  it('is kept composed, signs in either way, and is one account to the throttle', async () => {
    const base = `zo${Date.now().toString(36)}`;
    const made = await register(registrationFor({ username: decomposed(base) }), randomAddress());
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().username).toBe(composed(base));
    for (const typed of [composed(base), decomposed(base)]) {
      expect((await signIn(app, typed, DEFAULT_PASSWORD, randomAddress())).statusCode).toBe(200);
    }
    // Failures under both spellings count together: ten in all, then the account is held back.
    for (let i = 0; i < 10; i++) {
      const typed = i % 2 === 0 ? composed(base) : decomposed(base);
      expect((await signIn(app, typed, 'wrong', randomAddress())).statusCode).toBe(401);
    }
    for (const typed of [composed(base), decomposed(base)]) {
      expect((await signIn(app, typed, DEFAULT_PASSWORD, randomAddress())).statusCode).toBe(429);
    }
  });
});

describe('requests sent together get no more attempts than one after another', () => {
  it('30 sign-ins with made-up names from one address: 10 are checked', async () => {
    const address = randomAddress();
    const answers = await together(30, () => signIn(app, madeUp(), 'guess', address));
    expect(statusCounts(answers)).toEqual({ 401: 10, 429: 20 });
  });

  it("30 guesses at a user's password from their own address: 10 are checked", async () => {
    const { username } = await registerCompany(app);
    const home = randomAddress();
    expect((await signIn(app, username, DEFAULT_PASSWORD, home)).statusCode).toBe(200);
    const answers = await together(30, () => signIn(app, username, 'wrong', home));
    expect(statusCounts(answers)).toEqual({ 401: 10, 429: 20 });
  });

  it('30 guesses at one account from 30 addresses: 10 are checked', async () => {
    const { username } = await registerCompany(app);
    const answers = await together(30, () => signIn(app, username, 'wrong', randomAddress()));
    expect(statusCounts(answers)).toEqual({ 401: 10, 429: 20 });
  });

  it('30 sign-ups with a taken username from one address: 10 hash a password', async () => {
    const { username } = await registerCompany(app);
    const address = randomAddress();
    const runs = argon2RunCount();
    const answers = await together(30, () => register(registrationFor({ username }), address));
    expect(statusCounts(answers)).toEqual({ 409: 10, 429: 20 });
    expect(argon2RunCount() - runs).toBe(10);
  });

  it('30 acceptances with a taken username from one address: 10 hash a password', async () => {
    const { token } = await invite();
    const { username } = await registerCompany(app);
    const address = randomAddress();
    const runs = argon2RunCount();
    const answers = await together(30, () => accept(token, address, 'Joiner-pass-1', username));
    expect(statusCounts(answers)).toEqual({ 409: 10, 429: 20 });
    expect(argon2RunCount() - runs).toBe(10);
  });

  it('sign-ups that succeed together are not held back', async () => {
    const address = randomAddress();
    const answers = await together(5, () => register(registrationFor(), address));
    expect(statusCounts(answers)).toEqual({ 201: 5 });
    // None of them is left counting against the address.
    const { username } = await registerCompany(app);
    const failures = [];
    for (let i = 0; i < 10; i++) {
      failures.push((await register(registrationFor({ username }), address)).statusCode);
    }
    expect(failures).toEqual(Array(10).fill(409));
  });
});

describe('TRUST_PROXY', () => {
  it("keys the throttle on X-Forwarded-For's client when the proxy is trusted", async () => {
    const proxy = randomAddress();
    const { trustProxy } = parseConfig({ TRUST_PROXY: proxy });
    const proxied = await buildTestApp({ trustProxy });
    try {
      const client = randomAddress();
      const via = (address: string) =>
        signIn(proxied, madeUp(), 'guess', proxy, { 'x-forwarded-for': address });
      for (let i = 0; i < 10; i++) expect((await via(client)).statusCode).toBe(401);
      expect((await via(client)).statusCode).toBe(429);
      // Another client behind the same proxy is its own address.
      expect((await via(randomAddress())).statusCode).toBe(401);
      // A sender that is not the trusted proxy cannot pick its address with the header.
      const sender = randomAddress();
      for (let i = 0; i < 10; i++) {
        await signIn(proxied, madeUp(), 'guess', sender, { 'x-forwarded-for': randomAddress() });
      }
      const spoofed = await signIn(proxied, madeUp(), 'guess', sender, {
        'x-forwarded-for': randomAddress(),
      });
      expect(spoofed.statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('takes the address the trusted proxy appended, not what the client wrote before it', async () => {
    // A proxy appends the address it sees to the header the client sent: the client controls
    // every entry before the last one.
    const { trustProxy } = parseConfig({ TRUST_PROXY: 'loopback' });
    const proxied = await buildTestApp({ trustProxy });
    try {
      const client = randomAddress();
      const forged = (i: number) => `1.2.3.${i}, ${client}`;
      for (let i = 0; i < 10; i++) {
        const response = await signIn(proxied, madeUp(), 'guess', '127.0.0.1', {
          'x-forwarded-for': forged(i),
        });
        expect(response.statusCode).toBe(401);
      }
      // Every one of them counted against the client's own address...
      const again = await signIn(proxied, madeUp(), 'guess', '127.0.0.1', {
        'x-forwarded-for': forged(99),
      });
      expect(again.statusCode).toBe(429);
      // ...the address it has when it comes straight to the server.
      expect((await signIn(proxied, madeUp(), 'guess', client)).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-For when no proxy is trusted (the default)', async () => {
    const address = randomAddress();
    for (let i = 0; i < 10; i++) {
      const response = await signIn(app, madeUp(), 'guess', address, {
        'x-forwarded-for': randomAddress(),
      });
      expect(response.statusCode).toBe(401);
    }
    const fresh = await signIn(app, madeUp(), 'guess', address, {
      'x-forwarded-for': randomAddress(),
    });
    expect(fresh.statusCode).toBe(429);
  });
});

describe('sign-up throttling', () => {
  it('refuses an address after 10 failed sign-ups in 15 minutes, saying when to retry', async () => {
    const { username } = await registerCompany(app);
    const address = randomAddress();
    for (let i = 0; i < 10; i++) {
      expect((await register(registrationFor({ username }), address)).statusCode).toBe(409);
    }
    const blocked = await register(registrationFor(), address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Too many failed sign-up attempts. Try again in 15 minutes.',
    });
    expect(blocked.headers['retry-after']).toBe('900');
    expect((await register(registrationFor(), randomAddress())).statusCode).toBe(201);
  });

  it('does not count successful sign-ups: many people may share an address', async () => {
    const address = randomAddress();
    for (let i = 0; i < 11; i++) {
      expect((await register(registrationFor(), address)).statusCode).toBe(201);
    }
  });
});

describe('invitation acceptance throttling', () => {
  it('refuses an address after 10 failed acceptances in 15 minutes', async () => {
    const { token } = await invite();
    const address = randomAddress();
    for (let i = 0; i < 10; i++) {
      expect((await accept(`not-a-token-${i}`, address)).statusCode).toBe(404);
    }
    const blocked = await accept(token, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Too many failed attempts to accept an invitation. Try again in 15 minutes.',
    });
    expect(blocked.headers['retry-after']).toBe('900');
    expect((await accept(token, randomAddress())).statusCode).toBe(201);
  });

  it('does not count the answers to a real link already used: a burst of submits of it leaves the address free', async () => {
    const { token } = await invite();
    const address = randomAddress();
    const runs = argon2RunCount();
    // Twenty submits of one link at once: one joins. The others are told the link is used, or
    // (past the ten attempts under way that the address is allowed) to wait.
    const answers = await together(20, () => accept(token, address));
    const counts = statusCounts(answers);
    expect(counts[201]).toBe(1);
    expect((counts[409] ?? 0) + (counts[429] ?? 0)).toBe(19);
    // Those that lost the race to the one that joined are told the link is used, not that a
    // member has the invited address (the member the link just made).
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toEqual({ message: 'This invitation has already been accepted.' });
    }
    // Each attempt let through at once hashed a password at most; the link is closed now.
    expect(argon2RunCount() - runs).toBeLessThanOrEqual(10);
    // The same link sent again and again after: answered, never hashed, never counted.
    const afterBurst = argon2RunCount();
    for (let i = 0; i < 12; i++) {
      const again = await accept(token, address);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'This invitation has already been accepted.' });
    }
    expect(argon2RunCount()).toBe(afterBurst);

    // The address accepts another invitation right after.
    expect((await accept((await invite()).token, address)).statusCode).toBe(201);
    // Made-up links are still failures: ten are answered, the eleventh is refused.
    for (let i = 0; i < 10; i++) {
      expect((await accept(`not-a-token-${i}`, address)).statusCode).toBe(404);
    }
    expect((await accept('not-a-token-10', address)).statusCode).toBe(429);
  });

  it('checks the link before hashing: a dead link costs no argon2 run', async () => {
    const longPassword = 'P1'.repeat(50);
    const used = await invite();
    expect((await accept(used.token, randomAddress())).statusCode).toBe(201);
    const expired = await invite();
    await app.db
      .update(userInvitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(userInvitations.id, expired.id));

    const address = randomAddress();
    const before = argon2RunCount();
    expect((await accept('not-a-real-token', address, longPassword)).statusCode).toBe(404);
    expect((await accept(used.token, address, longPassword)).statusCode).toBe(409);
    expect((await accept(expired.token, address, longPassword)).statusCode).toBe(409);
    expect(argon2RunCount()).toBe(before);

    // A live link is the one case that pays for a hash.
    const live = await invite();
    const runs = argon2RunCount();
    expect((await accept(live.token, address, longPassword)).statusCode).toBe(201);
    expect(argon2RunCount()).toBe(runs + 1);
  });
});
