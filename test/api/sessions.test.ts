import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/lib/passwords.ts';
import { hashToken } from '../../src/server/lib/tokens.ts';
import { createCompanyRepository } from '../../src/server/modules/company/company.repository.ts';
import { whileCommitting } from '../helpers/at-the-same-moment.ts';
import {
  addMember,
  DEFAULT_PASSWORD,
  login,
  randomAddress,
  registerCompany,
  uniqueUsername,
} from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

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

describe('an account removed while its request is under way', () => {
  type Member = Awaited<ReturnType<typeof addMember>>;
  const NOT_SIGNED_IN = { status: 401, body: { message: 'Not signed in' } };
  const BAD_CREDENTIALS = { status: 401, body: { message: 'Invalid username or password' } };

  // Each request has passed its check of the member (their session, their password) and waits
  // to write a row of theirs, or to hold theirs, which the admin's removal holds; once the
  // removal commits, the member is gone and the request must say so, writing nothing.
  const cases: [string, (member: Member) => InjectOptions, typeof NOT_SIGNED_IN][] = [
    [
      'changing their name',
      () => ({ method: 'PATCH', url: '/api/user', payload: { name: 'Late' } }),
      NOT_SIGNED_IN,
    ],
    [
      'changing their reminders',
      () => ({ method: 'PATCH', url: '/api/user/reminders', payload: { digest: false } }),
      NOT_SIGNED_IN,
    ],
    [
      'changing their password',
      () => ({
        method: 'POST',
        url: '/api/user/password',
        payload: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Another-horse-8' },
      }),
      NOT_SIGNED_IN,
    ],
    [
      'asking for their calendar address',
      () => ({ method: 'GET', url: '/api/user/calendar-feed' }),
      NOT_SIGNED_IN,
    ],
    [
      'asking for a new calendar address',
      () => ({ method: 'POST', url: '/api/user/calendar-feed' }),
      NOT_SIGNED_IN,
    ],
    [
      'inviting someone',
      () => ({
        method: 'POST',
        url: '/api/organization/invitations',
        payload: { name: 'Late Invitee', email: 'late@example.org', role: 'user' },
      }),
      NOT_SIGNED_IN,
    ],
    [
      'signing in',
      (member) => ({
        method: 'POST',
        url: '/api/login',
        payload: { username: member.username, password: DEFAULT_PASSWORD },
        remoteAddress: randomAddress(),
      }),
      BAD_CREDENTIALS,
    ],
  ];

  it.each(cases)('%s is refused, and the removal stands', async (_what, requestOf, refusal) => {
    const owner = await registerCompany(app);
    const companyId = owner.user.companyId;
    // An admin, so that every request here is theirs to make; the owner stays the company's admin.
    const member = await addMember(app, companyId, 'admin');
    const removal = createCompanyRepository(app.db);
    const answer = await whileCommitting(
      app,
      companyId,
      async (tx) => expect(await removal.removeMember(companyId, member.user.id, tx)).toBe(true),
      () => {
        const options = requestOf(member);
        const cookie = options.url === '/api/login' ? {} : { cookie: member.cookie };
        return app.inject({ ...options, headers: cookie });
      },
    );
    expect({ status: answer.statusCode, body: answer.json() }).toEqual(refusal);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect((await me(member.cookie)).statusCode).toBe(401);
    const admin = clientFor(app, owner.cookie);
    const team = await admin.get('/api/organization/users');
    expect(team.json<{ id: number }[]>().map((user) => user.id)).not.toContain(member.user.id);
    const invitations = await admin.get('/api/organization/invitations');
    expect(invitations.json()).toEqual([]);
  });
});

describe('a sign-in at the moment the password changes', () => {
  it('with the old password is refused once the new one is saved, and starts no session', async () => {
    const owner = await registerCompany(app);
    const { companyId } = owner.user;
    const member = await addMember(app, companyId);
    const newHash = await hashPassword('A-new-passw0rd', 'test');
    // The old password checks out; while its session is being recorded, a new password is
    // being saved (an admin's reset, or the member's own change on another device).
    const answer = await whileCommitting(
      app,
      companyId,
      (tx) =>
        tx
          .update(users)
          .set({ passwordHash: newHash })
          .where(and(eq(users.companyId, companyId), eq(users.id, member.user.id))),
      () =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: member.username, password: DEFAULT_PASSWORD },
          remoteAddress: randomAddress(),
        }),
    );
    expect(answer.statusCode, answer.body).toBe(401);
    expect(answer.json()).toEqual({ message: 'Invalid username or password' });
    expect(answer.headers['set-cookie']).toBeUndefined();
    const { rows } = await app.db.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1',
      [member.user.id],
    );
    // The member's session from before is still there: the reset here is the update alone.
    expect(rows[0]?.n).toBe(1);
    expect(await login(app, member.username, 'A-new-passw0rd')).toMatch(/=/);
  });
});

/**
 * A member of a new company, and `send` (a request of theirs, past its check of them) made while
 * an admin's reset of their password to `password` is being saved: the reset ends every session
 * of theirs, and their calendar address (whileCommitting).
 */
async function whileResetting<Answer>(
  password: string,
  send: (member: Awaited<ReturnType<typeof addMember>>) => Promise<Answer>,
) {
  const owner = await registerCompany(app);
  const { companyId } = owner.user;
  const member = await addMember(app, companyId);
  const resetHash = await hashPassword(password, 'test');
  const answer = await whileCommitting(
    app,
    companyId,
    (tx) => createCompanyRepository(app.db).resetPassword(companyId, member.user.id, resetHash, tx),
    () => send(member),
  );
  return { member, answer };
}

describe('a password change at the moment the password is reset', () => {
  it('does not overwrite the reset it was not checked against: 401, and the reset stays', async () => {
    // The member's current password checks out; while their change is being saved, the reset is.
    const { member, answer } = await whileResetting('Reset-by-admin-1', (member) =>
      clientFor(app, member.cookie).post('/api/user/password', {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'Changed-by-me-1',
      }),
    );
    expect(answer.statusCode, answer.body).toBe(401);
    expect(await login(app, member.username, 'Reset-by-admin-1')).toMatch(/=/);
    const mine = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: 'Changed-by-me-1' },
      remoteAddress: randomAddress(),
    });
    expect(mine.statusCode).toBe(401);
  });
});

describe('a calendar address asked for at the moment the password is reset', () => {
  it.each(['GET', 'POST'] as const)(
    '%s is refused, 401, and leaves no address behind',
    async (method) => {
      // The member's session checks out; while their address is being made, the reset is.
      const { member, answer } = await whileResetting('Reset-by-admin-2', (member) =>
        app.inject({ method, url: '/api/user/calendar-feed', headers: { cookie: member.cookie } }),
      );
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 401,
        body: { message: 'Not signed in' },
      });
      const { rows } = await app.db.$client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM calendar_feeds WHERE user_id = $1',
        [member.user.id],
      );
      expect(rows[0]?.n).toBe(0);
    },
  );
});
