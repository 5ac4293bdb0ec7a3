import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/config.ts';
import { login, randomAddress, registerCompany, uniqueUsername } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { decodeQuotedPrintable, type SmtpServer, startSmtpServer } from '../helpers/smtp-server.ts';
import { buildTestApp } from '../helpers/test-app.ts';

describe('invitations by real email', () => {
  let smtp: SmtpServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp({ smtpUrl: smtp.url, mailFrom: 'Grantwell <team@grantwell.test>' });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('sends the invitation; the link in the message lets the invitee join and sign in', async () => {
    const admin = await registerCompany(app, { name: 'Ada Admin', organization: 'Harbor Trust' });
    const created = await clientFor(app, admin.cookie).post('/api/organization/invitations', {
      name: 'Mo Member',
      email: 'mo@harbor.example',
      role: 'user',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ emailed: true });
    expect(created.json()).not.toHaveProperty('previewUrl');

    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0];
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
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, username, password: 'Harbor-pass-1' },
      remoteAddress: randomAddress(),
    });
    expect(accepted.statusCode).toBe(201);
    const cookie = await login(app, username, 'Harbor-pass-1');
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.json()).toMatchObject({
      companyName: 'Harbor Trust',
      role: 'user',
      name: 'Mo Member',
    });
  });

  it('invites an admin as "an admin"', async () => {
    const admin = await registerCompany(app, { name: 'Ada Admin', organization: 'Harbor Trust' });
    const before = smtp.received.length;
    const created = await clientFor(app, admin.cookie).post('/api/organization/invitations', {
      name: 'Al Admin',
      email: 'al@harbor.example',
      role: 'admin',
    });
    expect(created.statusCode).toBe(201);
    const body = decodeQuotedPrintable(smtp.received[before]?.raw ?? '');
    expect(body).toContain(
      'Ada Admin has invited you to join Harbor Trust on Grantwell as an admin.',
    );
    expect(body).toContain('on Grantwell as an admin.</p>');
  });
});

describe('when the mail server refuses the message', () => {
  let smtp: SmtpServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: true });
    app = await buildTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('answers 502 and leaves no pending invitation behind', async () => {
    const admin = clientFor(app, (await registerCompany(app)).cookie);
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
  let release = () => {};
  let reached = () => {};
  const delivering = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let smtp: SmtpServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    const until = new Promise<void>((resolve) => {
      release = resolve;
    });
    smtp = await startSmtpServer({ refuse: true, hold: { reached, until } });
    app = await buildTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    release();
    await app.close();
    await smtp.close();
  });

  it('nobody sees the invitation, and when the email fails there never was one', async () => {
    const admin = clientFor(app, (await registerCompany(app)).cookie);
    const sending = admin.post('/api/organization/invitations', {
      name: 'Held Up',
      email: 'held@nowhere.example',
    });
    await delivering;
    // Saved and emailed in one transaction: not committed while the mail server deliberates.
    expect((await admin.get('/api/organization/invitations')).json()).toEqual([]);
    release();
    expect((await sending).statusCode).toBe(502);
    expect((await admin.get('/api/organization/invitations')).json()).toEqual([]);
  });
});

describe('a mail server slower than the idle-transaction limit', () => {
  let release = () => {};
  let reached = () => {};
  const delivering = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let smtp: SmtpServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    const until = new Promise<void>((resolve) => {
      release = resolve;
    });
    smtp = await startSmtpServer({ hold: { reached, until } });
    app = await buildTestApp({
      smtpUrl: smtp.url,
      limits: { ...DEFAULT_LIMITS, idleInTransactionMs: 300 },
    });
  });
  afterAll(async () => {
    release();
    await app.close();
    await smtp.close();
  });

  it('still saves the invitation it emailed', async () => {
    const admin = clientFor(app, (await registerCompany(app)).cookie);
    const sending = admin.post('/api/organization/invitations', {
      name: 'Slow Mail',
      email: 'slow@harbor.example',
    });
    await delivering;
    // Longer than PostgreSQL lets an ordinary transaction sit idle.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    release();
    expect((await sending).statusCode).toBe(201);
    expect(smtp.received).toHaveLength(1);
    const pending = (await admin.get('/api/organization/invitations')).json();
    expect(pending).toMatchObject([{ email: 'slow@harbor.example' }]);
  });
});
