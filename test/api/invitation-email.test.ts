import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/server/config.ts';
import { DEFAULT_LIMITS } from '../../src/server/config.ts';
import { login, randomAddress, registerCompany, uniqueUsername } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { decodeQuotedPrintable, type SmtpServer, startSmtpServer } from '../helpers/smtp-server.ts';
import { buildTestApp } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

/**
 * An app that sends through its own test mail server, both started before the block's tests and
 * closed after them. A held server keeps the first message it is given waiting until `release()`
 * (`delivering` resolves when one reaches it); a refusing one answers every message with an
 * error.
 */
function appWithMailServer(
  mail: { refuse?: boolean; held?: boolean },
  config: Partial<AppConfig> = {},
) {
  const mailServer = {
    app: undefined as unknown as FastifyInstance,
    smtp: undefined as unknown as SmtpServer,
    release: () => {},
    delivering: Promise.resolve(),
  };
  beforeAll(async () => {
    let reached = () => {};
    mailServer.delivering = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const until = new Promise<void>((resolve) => {
      mailServer.release = resolve;
    });
    mailServer.smtp = await startSmtpServer({
      refuse: mail.refuse,
      hold: mail.held ? { reached, until } : undefined,
    });
    mailServer.app = await buildTestApp({ smtpUrl: mailServer.smtp.url, ...config });
  });
  afterAll(async () => {
    mailServer.release();
    await mailServer.app.close();
    await mailServer.smtp.close();
  });
  return mailServer;
}

describe('invitations by real email', () => {
  const mail = appWithMailServer({}, { mailFrom: 'Grantwell <team@grantwell.test>' });

  it('sends the invitation; the link in the message lets the invitee join and sign in', async () => {
    const admin = await registerCompany(mail.app, {
      name: 'Ada Admin',
      organization: 'Harbor Trust',
    });
    const created = await clientFor(mail.app, admin.cookie).post('/api/organization/invitations', {
      name: 'Mo Member',
      email: 'mo@harbor.example',
      role: 'user',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ emailed: true });
    expect(created.json()).not.toHaveProperty('previewUrl');

    expect(mail.smtp.received).toHaveLength(1);
    const message = mail.smtp.received[0];
    expect(message?.to).toEqual(['mo@harbor.example']);
    expect(message?.from).toBe('team@grantwell.test');
    const body = decodeQuotedPrintable(message?.raw ?? '');
    expect(body).toMatch(/^Subject: Ada Admin invited you to join Harbor Trust on Grantwell/m);
    expect(body).toContain(
      'Ada Admin has invited you to join Harbor Trust on Grantwell as a user.',
    );
    expect(body).toContain('Content-Type: text/html');

    const link = body.match(/http:\/\/localhost:3000\/accept-invitation\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link ?? '').searchParams.get('token');
    const username = uniqueUsername('mo');
    const accepted = await mail.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, username, password: 'Harbor-pass-1' },
      remoteAddress: randomAddress(),
    });
    expect(accepted.statusCode).toBe(201);
    const cookie = await login(mail.app, username, 'Harbor-pass-1');
    const me = await mail.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.json()).toMatchObject({
      companyName: 'Harbor Trust',
      role: 'user',
      name: 'Mo Member',
    });
  });

  it('invites an admin as "an admin"', async () => {
    const admin = await registerCompany(mail.app, {
      name: 'Ada Admin',
      organization: 'Harbor Trust',
    });
    const before = mail.smtp.received.length;
    const created = await clientFor(mail.app, admin.cookie).post('/api/organization/invitations', {
      name: 'Al Admin',
      email: 'al@harbor.example',
      role: 'admin',
    });
    expect(created.statusCode).toBe(201);
    const body = decodeQuotedPrintable(mail.smtp.received[before]?.raw ?? '');
    expect(body).toContain(
      'Ada Admin has invited you to join Harbor Trust on Grantwell as an admin.',
    );
    expect(body).toContain('on Grantwell as an admin.</p>');
  });
});

describe('when the mail server refuses the message', () => {
  const mail = appWithMailServer({ refuse: true });

  it('answers 502 and leaves no pending invitation behind', async () => {
    const admin = clientFor(mail.app, (await registerCompany(mail.app)).cookie);
    const created = await admin.post('/api/organization/invitations', {
      name: 'Nobody',
      email: 'nobody@nowhere.example',
    });
    expect(created.statusCode).toBe(502);
    expect(created.json()).toEqual({
      message: 'The invitation email could not be sent. Please try again later.',
    });
    expect((await admin.get('/api/organization/invitations')).json()).toEqual([]);
  });
});

describe('while the invitation email is on its way', () => {
  const mail = appWithMailServer({ refuse: true, held: true });

  it('nobody sees the invitation, and when the email fails there never was one', async () => {
    const admin = clientFor(mail.app, (await registerCompany(mail.app)).cookie);
    const sending = admin.post('/api/organization/invitations', {
      name: 'Held Up',
      email: 'held@nowhere.example',
    });
    await mail.delivering;
    // Saved and emailed in one transaction: not committed while the mail server deliberates.
    expect((await admin.get('/api/organization/invitations')).json()).toEqual([]);
    mail.release();
    expect((await sending).statusCode).toBe(502);
    expect((await admin.get('/api/organization/invitations')).json()).toEqual([]);
  });
});

describe('a mail server slower than the idle-transaction limit', () => {
  const mail = appWithMailServer(
    { held: true },
    { limits: { ...DEFAULT_LIMITS, idleInTransactionMs: 300 } },
  );

  it('still saves the invitation it emailed', async () => {
    const admin = clientFor(mail.app, (await registerCompany(mail.app)).cookie);
    const sending = admin.post('/api/organization/invitations', {
      name: 'Slow Mail',
      email: 'slow@harbor.example',
    });
    await mail.delivering;
    // Longer than PostgreSQL lets an ordinary transaction sit idle.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    mail.release();
    expect((await sending).statusCode).toBe(201);
    expect(mail.smtp.received).toHaveLength(1);
    const pending = (await admin.get('/api/organization/invitations')).json();
    expect(pending).toMatchObject([{ email: 'slow@harbor.example' }]);
  });
});

describe('a mail server that stalls', () => {
  let app: FastifyInstance;
  let smtp: SmtpServer;
  let reaching = 0;
  let release = () => {};
  beforeAll(async () => {
    const until = new Promise<void>((resolve) => {
      release = resolve;
    });
    smtp = await startSmtpServer({ hold: { reached: () => (reaching += 1), until } });
    app = await buildTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    release();
    await app.close();
    await smtp.close();
  });

  it("holds two of the pool's connections at most: another company's requests are served meanwhile", async () => {
    const admins = [await registerCompany(app), await registerCompany(app)];
    // Five invitations from each of two companies: each held a connection while its email
    // waited, and the ten took the pool.
    const sending = admins.flatMap((admin) =>
      Array.from({ length: 5 }, (_, i) =>
        clientFor(app, admin.cookie).post('/api/organization/invitations', {
          name: `Invitee ${i}`,
          email: `invitee${i}-${admin.user.companyId}@harbor.example`,
        }),
      ),
    );
    await until(async () => reaching >= 2, 'two emails at the mail server');
    const bystander = clientFor(app, (await registerCompany(app)).cookie);
    const list = await bystander.get('/api/contacts');
    expect(list.statusCode, list.body).toBe(200);
    expect(reaching).toBe(2);
    release();
    const answers = await Promise.all(sending);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(smtp.received).toHaveLength(10);
  });
});
