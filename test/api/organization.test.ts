import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALREADY_MEMBER } from '../../src/domain/company.ts';
import { userInvitations } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/lib/passwords.ts';
import { hashToken } from '../../src/server/lib/tokens.ts';
import { createCompanyRepository } from '../../src/server/modules/company/company.repository.ts';
import { createInvitationsRepository } from '../../src/server/modules/invitations/invitations.repository.ts';
import { whileCommitting } from '../helpers/at-the-same-moment.ts';
import {
  addMember,
  login,
  randomAddress,
  registerCompany,
  type SignedInUser,
  uniqueUsername,
} from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

/** A taken username, refused naming the field, so that the form that sent it shows it there. */
const USERNAME_TAKEN = {
  message: 'Username already exists',
  issues: [{ path: 'username', message: 'Username already exists' }],
};

const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

async function team() {
  const admin = await registerCompany(app, { organization: 'River Trust' });
  const member = await addMember(app, admin.user.companyId, 'user');
  return {
    admin,
    member,
    asAdmin: clientFor(app, admin.cookie),
    asMember: clientFor(app, member.cookie),
  };
}

describe('who may call what', () => {
  // Every organization call, for each kind of caller: the table drives the test.
  type Caller = 'anonymous' | 'user' | 'admin' | 'otherAdmin';
  const matrix: {
    call: string;
    request: (ids: { memberId: number; invitationId: number }) => {
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
      url: string;
      payload?: object;
    };
    expected: Record<Caller, number>;
  }[] = [
    {
      call: 'GET /api/organization',
      request: () => ({ method: 'GET', url: '/api/organization' }),
      expected: { anonymous: 401, user: 200, admin: 200, otherAdmin: 200 },
    },
    {
      call: 'PATCH /api/organization',
      request: () => ({ method: 'PATCH', url: '/api/organization', payload: { name: 'Renamed' } }),
      expected: { anonymous: 401, user: 403, admin: 200, otherAdmin: 200 },
    },
    {
      call: 'GET /api/organization/users',
      request: () => ({ method: 'GET', url: '/api/organization/users' }),
      expected: { anonymous: 401, user: 200, admin: 200, otherAdmin: 200 },
    },
    {
      call: 'POST /api/organization/users',
      request: () => ({
        method: 'POST',
        url: '/api/organization/users',
        payload: {
          name: 'New Person',
          email: 'new@x.org',
          username: `new_${Math.random().toString(36).slice(2, 10)}`,
          password: 'Secret-01',
          role: 'user',
        },
      }),
      expected: { anonymous: 401, user: 403, admin: 201, otherAdmin: 201 },
    },
    {
      call: 'POST /api/organization/users/reset-password',
      request: ({ memberId }) => ({
        method: 'POST',
        url: '/api/organization/users/reset-password',
        payload: { userId: memberId, newPassword: 'Another-pass-1' },
      }),
      expected: { anonymous: 401, user: 403, admin: 200, otherAdmin: 404 },
    },
    {
      call: 'GET /api/organization/invitations',
      request: () => ({ method: 'GET', url: '/api/organization/invitations' }),
      expected: { anonymous: 401, user: 403, admin: 200, otherAdmin: 200 },
    },
    {
      call: 'POST /api/organization/invitations',
      request: () => ({
        method: 'POST',
        url: '/api/organization/invitations',
        payload: { name: 'Invitee', email: 'invitee@x.org', role: 'user' },
      }),
      expected: { anonymous: 401, user: 403, admin: 201, otherAdmin: 201 },
    },
    {
      call: 'POST /api/organization/invitations/:id/link',
      request: ({ invitationId }) => ({
        method: 'POST',
        url: `/api/organization/invitations/${invitationId}/link`,
      }),
      expected: { anonymous: 401, user: 403, admin: 200, otherAdmin: 404 },
    },
    {
      call: 'DELETE /api/organization/invitations/:id',
      request: ({ invitationId }) => ({
        method: 'DELETE',
        url: `/api/organization/invitations/${invitationId}`,
      }),
      expected: { anonymous: 401, user: 403, admin: 204, otherAdmin: 404 },
    },
    {
      call: 'DELETE /api/organization/users/:id',
      request: ({ memberId }) => ({ method: 'DELETE', url: `/api/organization/users/${memberId}` }),
      expected: { anonymous: 401, user: 403, admin: 204, otherAdmin: 404 },
    },
  ];

  for (const caller of ['anonymous', 'user', 'otherAdmin', 'admin'] as const) {
    it(`answers the ${caller} as the table says`, async () => {
      const { admin, member, asAdmin } = await team();
      const other: SignedInUser = await registerCompany(app);
      const invitation = await asAdmin.post('/api/organization/invitations', {
        name: 'Pending Pat',
        email: 'pat@x.org',
      });
      const ids = { memberId: member.user.id, invitationId: invitation.json().id };
      const cookie = {
        anonymous: undefined,
        user: member.cookie,
        admin: admin.cookie,
        otherAdmin: other.cookie,
      }[caller];

      for (const row of matrix) {
        const response = await app.inject({
          ...row.request(ids),
          headers: cookie ? { cookie } : {},
        });
        expect(response.statusCode, `${row.call} as ${caller}: ${response.body}`).toBe(
          row.expected[caller],
        );
      }
    });
  }
});

describe('organization profile', () => {
  it('reads and updates the profile; website must be a URL or empty', async () => {
    const { asAdmin, asMember } = await team();
    expect((await asMember.get('/api/organization')).json()).toEqual({
      name: 'River Trust',
      industry: null,
      website: null,
      address: null,
    });
    const updated = await asAdmin.patch('/api/organization', {
      name: 'River Trust International',
      industry: 'Conservation',
      website: 'https://river.example.org',
      address: '1 Water Lane',
    });
    expect(updated.statusCode).toBe(200);
    expect((await asMember.get('/api/organization')).json().name).toBe('River Trust International');

    const bad = await asAdmin.patch('/api/organization', { name: 'X', website: 'not a url' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid URL');
    const noName = await asAdmin.patch('/api/organization', { name: '' });
    expect(noName.json().message).toBe('Organization name is required');
    const cleared = await asAdmin.patch('/api/organization', { name: 'River Trust', website: '' });
    expect(cleared.json()).toMatchObject({ website: null });
  });
});

describe('team', () => {
  it('lists members without passwords, and adds one that can sign in', async () => {
    const { admin, asAdmin } = await team();
    const username = uniqueUsername('nina');
    const added = await asAdmin.post('/api/organization/users', {
      name: 'Nina New',
      email: 'nina@x.org',
      username,
      password: 'Secret-01',
      role: 'admin',
    });
    expect(added.statusCode).toBe(201);
    const list = (await asAdmin.get('/api/organization/users')).json();
    expect(list).toHaveLength(3);
    expect(list).toContainEqual({
      id: added.json().id,
      name: 'Nina New',
      email: 'nina@x.org',
      username,
      role: 'admin',
    });
    for (const member of list)
      expect(Object.keys(member).sort()).toEqual(['email', 'id', 'name', 'role', 'username']);
    const cookie = await login(app, username, 'Secret-01');
    expect((await me(cookie)).json()).toMatchObject({
      companyId: admin.user.companyId,
      role: 'admin',
    });
  });

  it('answers 409 for a taken username and 400 with the spec messages', async () => {
    const { member, asAdmin } = await team();
    const taken = await asAdmin.post('/api/organization/users', {
      name: 'X',
      email: 'x@x.org',
      username: member.username,
      password: 'Secret-01',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(USERNAME_TAKEN);
    const short = await asAdmin.post('/api/organization/users', {
      name: 'X',
      email: 'x@x.org',
      username: 'ab',
      password: '123',
    });
    expect(short.json().message).toBe('Username must be at least 3 characters');
    expect(short.json().issues).toContainEqual({
      path: 'password',
      message: 'Password must be at least 8 characters',
    });
    const weak = await asAdmin.post('/api/organization/users', {
      name: 'X',
      email: 'x@x.org',
      username: uniqueUsername('weak'),
      password: 'longenough1',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must contain at least one uppercase letter');
  });

  it('resets a password: the old one and every session of that user stop working', async () => {
    const { member, asAdmin } = await team();
    const response = await asAdmin.post('/api/organization/users/reset-password', {
      userId: member.user.id,
      newPassword: 'Brand-new-1',
    });
    expect(response.statusCode).toBe(200);
    expect((await me(member.cookie)).statusCode).toBe(401);
    await expect(login(app, member.username, member.password)).rejects.toThrow();
    expect((await me(await login(app, member.username, 'Brand-new-1'))).statusCode).toBe(200);

    const missing = await asAdmin.post('/api/organization/users/reset-password', {
      newPassword: 'Abcdef-12',
    });
    expect(missing.json().message).toBe('User ID is required');
  });

  it("does not reset the admin's own password: that is changed in the profile, with the current one", async () => {
    const { admin, asAdmin } = await team();
    const response = await asAdmin.post('/api/organization/users/reset-password', {
      userId: admin.user.id,
      newPassword: 'Taken-over-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Change your own password in your profile' });
    expect((await me(admin.cookie)).statusCode).toBe(200);
    expect((await me(await login(app, admin.username, admin.password))).statusCode).toBe(200);
  });

  it('removes a user: their sessions end and the company keeps their records', async () => {
    const { member, asAdmin, asMember } = await team();
    const contact = await asMember.post('/api/contacts', { name: 'Kept', email: 'kept@x.org' });
    expect((await asAdmin.delete(`/api/organization/users/${member.user.id}`)).statusCode).toBe(
      204,
    );
    expect((await me(member.cookie)).statusCode).toBe(401);
    expect((await asAdmin.get(`/api/contacts/${contact.json().id}`)).statusCode).toBe(200);
    expect((await asAdmin.get('/api/organization/users')).json()).toHaveLength(1);
  });

  it('does not let an admin remove themselves', async () => {
    const { admin, asAdmin } = await team();
    const response = await asAdmin.delete(`/api/organization/users/${admin.user.id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Cannot remove yourself' });
    expect((await me(admin.cookie)).statusCode).toBe(200);
  });
});

describe('invitation life cycle', () => {
  it('pending → accepted: the invitee joins the company with the invited role', async () => {
    const { admin, asAdmin } = await team();
    const created = await asAdmin.post('/api/organization/invitations', {
      name: 'Ivy Invitee',
      email: 'ivy@x.org',
      role: 'admin',
    });
    expect(created.statusCode).toBe(201);
    const invitation = created.json();
    expect(invitation).toMatchObject({
      name: 'Ivy Invitee',
      email: 'ivy@x.org',
      role: 'admin',
      status: 'pending',
    });
    expect(invitation).not.toHaveProperty('token');
    // No email server is configured here: nothing was emailed, and the admin gets the link.
    expect(invitation.emailed).toBe(false);
    expect(invitation.previewUrl).toMatch(/^http:\/\/localhost:3000\/accept-invitation\?token=/);
    const token = tokenOf(invitation.previewUrl);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const listed = (await asAdmin.get('/api/organization/invitations')).json();
    expect(listed).toEqual([
      {
        id: invitation.id,
        name: 'Ivy Invitee',
        email: 'ivy@x.org',
        role: 'admin',
        status: 'pending',
        expiresAt: invitation.expiresAt,
      },
    ]);
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const lookup = await app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(lookup.json()).toEqual({ status: 'pending', companyName: 'River Trust', role: 'admin' });

    const ivy = uniqueUsername('ivy');
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      remoteAddress: randomAddress(),
      payload: { token, username: ivy, password: 'Ivy-pass-1' },
    });
    expect(accepted.statusCode).toBe(201);
    const cookie = await login(app, ivy, 'Ivy-pass-1');
    expect((await me(cookie)).json()).toMatchObject({
      name: 'Ivy Invitee',
      email: 'ivy@x.org',
      role: 'admin',
      companyId: admin.user.companyId,
    });
    expect(
      (await app.inject({ method: 'GET', url: `/api/invitations/${token}` })).json().status,
    ).toBe('accepted');
    expect((await asAdmin.get('/api/organization/invitations')).json()).toEqual([]);

    const again = await app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      remoteAddress: randomAddress(),
      payload: { token, username: 'ivy_again', password: 'Ivy-pass-1' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This invitation has already been accepted.' });
  });

  it('reports an invitation past its expiry as expired and refuses it', async () => {
    const { asAdmin } = await team();
    const invitation = (
      await asAdmin.post('/api/organization/invitations', { name: 'Late', email: 'late@x.org' })
    ).json();
    // Time passes: the invitation's week is over.
    await app.db
      .update(userInvitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(userInvitations.id, invitation.id));
    const token = tokenOf(invitation.previewUrl);
    expect(
      (await app.inject({ method: 'GET', url: `/api/invitations/${token}` })).json().status,
    ).toBe('expired');
    const accept = await app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      remoteAddress: randomAddress(),
      payload: { token, username: 'late_user', password: 'Secret-01' },
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe('This invitation has already been expired.');
    expect((await asAdmin.get('/api/organization/invitations')).json()).toEqual([]);
    // Not listed, so not renewed either: the admin invites again.
    expect(
      (await asAdmin.post(`/api/organization/invitations/${invitation.id}/link`, {})).statusCode,
    ).toBe(404);
  });

  it("builds invitation links from APP_URL, never from the request's Host header", async () => {
    const { admin } = await team();
    const created = await app.inject({
      method: 'POST',
      url: '/api/organization/invitations',
      headers: { cookie: admin.cookie, host: 'evil.example', origin: 'http://evil.example' },
      payload: { name: 'Hal', email: 'hal@x.org' },
    });
    expect(created.statusCode).toBe(201);
    expect(new URL(created.json().previewUrl).origin).toBe('http://localhost:3000');
  });

  it('gives a pending invitation a new link: the old one stops working, the new one works', async () => {
    const { asAdmin } = await team();
    const invitation = (
      await asAdmin.post('/api/organization/invitations', { name: 'Lin', email: 'lin@x.org' })
    ).json();
    const renewed = await asAdmin.post(`/api/organization/invitations/${invitation.id}/link`, {});
    expect(renewed.statusCode).toBe(200);
    const { link, expiresAt } = renewed.json();
    expect(new URL(link).origin).toBe('http://localhost:3000');
    expect(tokenOf(link)).not.toBe(tokenOf(invitation.previewUrl));
    expect(Date.parse(expiresAt)).toBeGreaterThanOrEqual(Date.parse(invitation.expiresAt));

    const lookup = (token: string) =>
      app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect((await lookup(tokenOf(invitation.previewUrl))).statusCode).toBe(404);
    expect((await lookup(tokenOf(link))).json().status).toBe('pending');
    const oldAccept = await app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      remoteAddress: randomAddress(),
      payload: {
        token: tokenOf(invitation.previewUrl),
        username: uniqueUsername('lin'),
        password: 'Secret-pass-12',
      },
    });
    expect(oldAccept.statusCode).toBe(404);
    const accept = await app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      remoteAddress: randomAddress(),
      payload: {
        token: tokenOf(link),
        username: uniqueUsername('lin'),
        password: 'Secret-pass-12',
      },
    });
    expect(accept.statusCode).toBe(201);
    // Accepted: it is history now, and gets no new link.
    expect(
      (await asAdmin.post(`/api/organization/invitations/${invitation.id}/link`, {})).statusCode,
    ).toBe(404);
  });

  it('stops an acceptance already under way with the old link when a new link is made', async () => {
    const { asAdmin } = await team();
    const invitation = (
      await asAdmin.post('/api/organization/invitations', { name: 'Lin', email: 'lin@x.org' })
    ).json();
    const invitations = createInvitationsRepository(app.db);
    // The invitee's request has found the invitation by the old link, and hashes their password…
    const found = await invitations.find(hashToken(tokenOf(invitation.previewUrl)));
    if (!found) throw new Error('the invitation was not found by its link');
    // …when the admin makes a new link.
    expect(
      (await asAdmin.post(`/api/organization/invitations/${invitation.id}/link`, {})).statusCode,
    ).toBe(200);
    const username = uniqueUsername('lin');
    expect(await invitations.accept(found, username, 'not-a-real-hash')).toBe('link-renewed');
    const members = (await asAdmin.get('/api/organization/users')).json<{ username: string }[]>();
    expect(members.map((user) => user.username)).not.toContain(username);
    const pending = (await asAdmin.get('/api/organization/invitations')).json<{ id: number }[]>();
    expect(pending.map((each) => each.id)).toContain(invitation.id);
  });

  it('refuses a new link for a malformed id or a cancelled invitation, changing nothing', async () => {
    const { asAdmin } = await team();
    const invitation = (
      await asAdmin.post('/api/organization/invitations', { name: 'Kit', email: 'kit@x.org' })
    ).json();
    const malformed = await asAdmin.post('/api/organization/invitations/abc/link', {});
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('message');
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/invitations/${tokenOf(invitation.previewUrl)}`,
        })
      ).statusCode,
    ).toBe(200);
    await asAdmin.delete(`/api/organization/invitations/${invitation.id}`);
    const cancelled = await asAdmin.post(`/api/organization/invitations/${invitation.id}/link`, {});
    expect(cancelled.statusCode).toBe(404);
    expect(cancelled.json()).toEqual({ message: 'Invitation not found' });
  });

  it('a cancelled invitation no longer exists', async () => {
    const { asAdmin } = await team();
    const invitation = (
      await asAdmin.post('/api/organization/invitations', { name: 'Gone', email: 'gone@x.org' })
    ).json();
    expect(
      (await asAdmin.delete(`/api/organization/invitations/${invitation.id}`)).statusCode,
    ).toBe(204);
    const token = tokenOf(invitation.previewUrl);
    expect((await app.inject({ method: 'GET', url: `/api/invitations/${token}` })).statusCode).toBe(
      404,
    );
    const accept = await app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      remoteAddress: randomAddress(),
      payload: { token, username: 'gone_user', password: 'Secret-01' },
    });
    expect(accept.statusCode).toBe(404);
  });

  it('keeps the invitation pending when the chosen username is taken', async () => {
    const { member, asAdmin } = await team();
    const invitation = (
      await asAdmin.post('/api/organization/invitations', { name: 'Dup', email: 'dup@x.org' })
    ).json();
    const token = tokenOf(invitation.previewUrl);
    const taken = await app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      remoteAddress: randomAddress(),
      payload: { token, username: member.username, password: 'Secret-01' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(USERNAME_TAKEN);
    expect(
      (await app.inject({ method: 'GET', url: `/api/invitations/${token}` })).json().status,
    ).toBe('pending');
  });

  it('validates invitations and acceptance with the spec messages', async () => {
    const { asAdmin } = await team();
    const bad = await asAdmin.post('/api/organization/invitations', {
      name: '',
      email: 'nope',
      role: 'owner',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([
      { path: 'email', message: 'Invalid email format' },
      { path: 'name', message: 'Name is required' },
      { path: 'role', message: 'Invalid role value' },
    ]);
    const noToken = await app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      remoteAddress: randomAddress(),
      payload: { token: '', username: 'someone', password: 'Secret-01' },
    });
    expect(noToken.json().message).toBe('Token is required');
    expect(
      (await app.inject({ method: 'GET', url: '/api/invitations/not-a-real-token' })).statusCode,
    ).toBe(404);
  });

  it("another company's admin cannot see or cancel the invitation", async () => {
    const { asAdmin } = await team();
    const other = clientFor(app, (await registerCompany(app)).cookie);
    const invitation = (
      await asAdmin.post('/api/organization/invitations', { name: 'Mine', email: 'mine@x.org' })
    ).json();
    expect((await other.get('/api/organization/invitations')).json()).toEqual([]);
    expect((await other.delete(`/api/organization/invitations/${invitation.id}`)).statusCode).toBe(
      404,
    );
    expect((await asAdmin.get('/api/organization/invitations')).json()).toHaveLength(1);
  });
});

describe('two people joining under one address at the same moment', () => {
  it('the second is told a member already has it', async () => {
    const owner = await registerCompany(app);
    const { companyId } = owner.user;
    const passwordHash = await hashPassword('Secret-01', 'test');
    const answer = await whileCommitting(
      app,
      companyId,
      (tx) =>
        createCompanyRepository(app.db).addMember(
          companyId,
          { username: uniqueUsername('first'), name: 'First', email: 'same@x.org', role: 'user' },
          passwordHash,
          tx,
        ),
      () =>
        clientFor(app, owner.cookie).post('/api/organization/users', {
          name: 'Second',
          email: 'SAME@x.org',
          username: uniqueUsername('second'),
          password: 'Secret-01',
        }),
    );
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json()).toEqual({
      message: ALREADY_MEMBER,
      issues: [{ path: 'email', message: ALREADY_MEMBER }],
    });
    const team = (await clientFor(app, owner.cookie).get('/api/organization/users')).json();
    expect(
      team.filter((m: { email: string }) => m.email.toLowerCase() === 'same@x.org'),
    ).toHaveLength(1);
  });
});
