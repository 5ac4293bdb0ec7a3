import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../src/server/db/schema.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import {
  addMember,
  login,
  randomAddress,
  registerCompany,
  type SignedInUser,
} from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { decodeQuotedPrintable, type SmtpServer, startSmtpServer } from '../helpers/smtp-server.ts';
import { buildTestApp } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

const SENT = {
  message:
    'If an account matches, we have emailed a link to reset its password. The link works for one hour.',
};
const INVALID_LINK = {
  message:
    'This password reset link is invalid or has expired. Ask for a new one from the sign-in page.',
};
const NEW_PASSWORD = 'Fresh-start-42';

const ask = (app: FastifyInstance, usernameOrEmail: string, address = randomAddress()) =>
  app.inject({
    method: 'POST',
    url: '/api/password-reset',
    payload: { usernameOrEmail },
    remoteAddress: address,
  });

const confirm = (
  app: FastifyInstance,
  token: string,
  password: string,
  address = randomAddress(),
) =>
  app.inject({
    method: 'POST',
    url: '/api/password-reset/confirm',
    payload: { token, password },
    remoteAddress: address,
  });

const me = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });

describe('without an email server', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('says so, and a request is told to ask an admin', async () => {
    const options = await app.inject({ method: 'GET', url: '/api/password-reset' });
    expect(options.json()).toEqual({ byEmail: false });
    const { username } = await registerCompany(app);
    const response = await ask(app, username);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message:
        'Password reset by email is not available here. Ask an admin of your organization to reset your password: they can do it under Organization, Users & Permissions.',
    });
  });
});

describe('with an email server', () => {
  let smtp: SmtpServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  /** The messages sent to `address` so far, decoded. */
  const mailTo = (address: string) =>
    smtp.received
      .filter((message) => message.to.includes(address))
      .map((message) => decodeQuotedPrintable(message.raw));

  /** Waits for the `nth` (1-based) message to `address` and answers the token of its link. */
  async function tokenFromMail(address: string, nth = 1) {
    await until(() => mailTo(address).length >= nth, `reset email ${nth} to ${address}`);
    const body = mailTo(address)[nth - 1] ?? '';
    const link = body.match(/http:\/\/localhost:3000\/reset-password\?token=([\w-]+)/);
    if (!link?.[1]) throw new Error(`no reset link in:\n${body}`);
    return link[1];
  }

  /** A member with an email address of their own, signed in. */
  async function member(): Promise<SignedInUser & { email: string; adminCookie: string }> {
    const admin = await registerCompany(app);
    const added = await addMember(app, admin.user.companyId);
    return { ...added, email: added.user.email, adminCookie: admin.cookie };
  }

  const linksOf = (user: SignedInUser['user']) =>
    inCompany(app.db, user.companyId, (tx) =>
      tx
        .select({ tokenHash: passwordResets.tokenHash, expiresAt: passwordResets.expiresAt })
        .from(passwordResets)
        .where(
          and(eq(passwordResets.companyId, user.companyId), eq(passwordResets.userId, user.id)),
        ),
    );

  it('says it can email links', async () => {
    const options = await app.inject({ method: 'GET', url: '/api/password-reset' });
    expect(options.json()).toEqual({ byEmail: true });
  });

  it('emails a one-hour link; it sets a new password and ends every session of the user', async () => {
    const user = await member();
    const otherSession = await login(app, user.username, user.password);
    const response = await ask(app, user.username);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(SENT);

    const token = await tokenFromMail(user.email);
    const body = mailTo(user.email)[0] ?? '';
    expect(body).toMatch(/^Subject: Reset your Grantwell password/m);
    expect(body).toContain(`your Grantwell account ${user.username} at `);
    // 32 random bytes, base64url; only their SHA-256 is kept, for an hour.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [link] = await linksOf(user.user);
    expect(link?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const validFor = (link?.expiresAt.getTime() ?? 0) - Date.now();
    expect(validFor).toBeGreaterThan(59 * 60 * 1000);
    expect(validFor).toBeLessThanOrEqual(60 * 60 * 1000);

    const reset = await confirm(app, token, NEW_PASSWORD);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({
      message: 'Your password has been reset. Please log in with it.',
    });
    expect((await me(app, user.cookie)).statusCode).toBe(401);
    expect((await me(app, otherSession)).statusCode).toBe(401);
    await expect(login(app, user.username, user.password)).rejects.toThrow();
    expect((await me(app, await login(app, user.username, NEW_PASSWORD))).statusCode).toBe(200);
  });

  it('works once: the used link, and every older one, no longer works', async () => {
    const user = await member();
    await ask(app, user.username);
    const older = await tokenFromMail(user.email, 1);
    await ask(app, user.username);
    const newer = await tokenFromMail(user.email, 2);
    expect((await confirm(app, newer, NEW_PASSWORD)).statusCode).toBe(200);
    for (const token of [newer, older]) {
      const again = await confirm(app, token, 'Another-one-7');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(INVALID_LINK);
    }
    expect(await linksOf(user.user)).toEqual([]);
    await login(app, user.username, NEW_PASSWORD);
  });

  it('ends the links when the password is set another way, or the email address changes', async () => {
    const ways: [string, (user: Awaited<ReturnType<typeof member>>) => Promise<number>][] = [
      [
        'the user changes it',
        async (user) =>
          (
            await clientFor(app, user.cookie).post('/api/user/password', {
              currentPassword: user.password,
              newPassword: 'Changed-by-me-5',
            })
          ).statusCode,
      ],
      [
        'an admin sets it',
        async (user) =>
          (
            await clientFor(app, user.adminCookie).post('/api/organization/users/reset-password', {
              userId: user.user.id,
              newPassword: 'Set-by-admin-6',
            })
          ).statusCode,
      ],
      [
        'the user moves to a new address',
        async (user) =>
          (
            await clientFor(app, user.cookie).patch('/api/user', {
              email: `moved-${randomUUID()}@example.org`,
              currentPassword: user.password,
            })
          ).statusCode,
      ],
    ];
    for (const [way, act] of ways) {
      const user = await member();
      await ask(app, user.username);
      const token = await tokenFromMail(user.email);
      expect(await act(user), way).toBe(200);
      expect(await linksOf(user.user), way).toEqual([]);
      expect((await confirm(app, token, NEW_PASSWORD)).json(), way).toEqual(INVALID_LINK);
    }
  });

  it('lets its owner sign in at once after failed guesses had held the account back', async () => {
    const user = await member();
    const signIn = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password },
        remoteAddress: randomAddress(),
      });
    for (let i = 0; i < 10; i++) expect((await signIn(`Guess-number-${i}`)).statusCode).toBe(401);
    expect((await signIn(user.password)).statusCode).toBe(429);
    await ask(app, user.username);
    expect((await confirm(app, await tokenFromMail(user.email), NEW_PASSWORD)).statusCode).toBe(
      200,
    );
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('of two resets with one link at the same moment, one wins', async () => {
    const user = await member();
    await ask(app, user.username);
    const token = await tokenFromMail(user.email);
    const answers = await Promise.all([
      confirm(app, token, 'First-try-11'),
      confirm(app, token, 'Second-try-22'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? 'First-try-11' : 'Second-try-22';
    await login(app, user.username, winner);
  });

  it('refuses a link past its hour, and a password that breaks the rule, changing nothing', async () => {
    const user = await member();
    await ask(app, user.username);
    const token = await tokenFromMail(user.email);

    const weak = await confirm(app, token, 'weakpassword1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must contain at least one uppercase letter');

    await inCompany(app.db, user.user.companyId, (tx) =>
      tx
        .update(passwordResets)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(passwordResets.companyId, user.user.companyId)),
    );
    const expired = await confirm(app, token, NEW_PASSWORD);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(INVALID_LINK);
    expect((await me(app, user.cookie)).statusCode).toBe(200);
    await login(app, user.username, user.password);

    const made = await confirm(app, 'made-up-token', NEW_PASSWORD);
    expect(made.json()).toEqual(INVALID_LINK);
  });

  it('answers alike whether or not an account matches; finds one by email in any case', async () => {
    const user = await member();
    const before = smtp.received.length;
    const unknown = await ask(app, 'nobody-at-all@example.org');
    const known = await ask(app, user.email.toUpperCase());
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    await tokenFromMail(user.email);
    expect(smtp.received.length).toBe(before + 1);
  });

  it('sends an account at most three links an hour, from any address, answering alike', async () => {
    const user = await member();
    // A server of its own on the same database, which waits on closing for the links on their
    // way: once it is closed, every request's work after its answer is done.
    const own = await buildTestApp({ smtpUrl: smtp.url, database: app.config.database });
    const answers = [];
    try {
      for (let i = 0; i < 5; i++) answers.push(await ask(own, user.username));
    } finally {
      await own.close();
    }
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual(SENT);
    }
    // The fourth and fifth requests sent nothing and left no link.
    await tokenFromMail(user.email, 3);
    expect(mailTo(user.email)).toHaveLength(3);
    expect(await linksOf(user.user)).toHaveLength(3);
  });

  it('answers before it looks for the account: a busy account row does not hold the answer', async () => {
    const user = await member();
    const held = await inCompany(app.db, user.user.companyId, async (tx) => {
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, user.user.companyId), eq(users.id, user.user.id)))
        .for('update');
      const answer = await Promise.race([
        ask(app, user.username),
        new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 5_000)),
      ]);
      // The link waits for the row; nothing is issued yet.
      expect(await linksOf(user.user)).toEqual([]);
      return answer;
    });
    expect(held === 'held' ? held : held.statusCode).toBe(202);
    await tokenFromMail(user.email);
  });

  it('takes ten requests an hour from one address, then 429 for any name', async () => {
    const address = randomAddress();
    for (let i = 0; i < 10; i++) {
      expect((await ask(app, `made-up-${i}`, address)).statusCode).toBe(202);
    }
    const user = await member();
    for (const name of ['made-up-10', user.username]) {
      const refused = await ask(app, name, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: 'Too many password reset requests. Try again in 15 minutes.',
      });
    }
    expect(await linksOf(user.user)).toEqual([]);
    expect((await ask(app, user.username)).statusCode).toBe(202);
  });

  it('holds back an address that guesses links', async () => {
    const address = randomAddress();
    for (let i = 0; i < 10; i++) {
      expect((await confirm(app, `guess-${i}`, NEW_PASSWORD, address)).statusCode).toBe(400);
    }
    const refused = await confirm(app, 'guess-10', NEW_PASSWORD, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many failed attempts to reset a password\./);
  });

  it('validates the request with clear messages', async () => {
    const empty = await ask(app, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Username or email is required');
    const noToken = await confirm(app, '', NEW_PASSWORD);
    expect(noToken.json().message).toBe('Token is required');
  });

  it("a link changes its own user's password only", async () => {
    const user = await member();
    const colleague = await addMember(app, user.user.companyId);
    await ask(app, user.username);
    expect((await confirm(app, await tokenFromMail(user.email), NEW_PASSWORD)).statusCode).toBe(
      200,
    );
    expect((await me(app, colleague.cookie)).statusCode).toBe(200);
    await login(app, colleague.username, colleague.password);
    const asColleague = clientFor(app, colleague.cookie);
    expect((await asColleague.get('/api/user')).json().id).toBe(colleague.user.id);
  });
});
