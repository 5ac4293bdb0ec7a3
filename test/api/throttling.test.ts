import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2RunCount } from '../../src/server/lib/passwords.ts';
import { DEFAULT_PASSWORD, registerCompany } from '../helpers/factories.ts';
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
