import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADDRESS_BUSY, hasMemberWithEmail } from '../../src/server/accounts/members.ts';
import { violatesConstraint } from '../../src/server/db/errors.ts';
import { userInvitations } from '../../src/server/db/schema.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { hashToken, newToken } from '../../src/server/lib/tokens.ts';
import { createCompanyRepository } from '../../src/server/modules/company/company.repository.ts';
import {
  addMember,
  DEFAULT_PASSWORD,
  randomAddress,
  registerCompany,
  uniqueUsername,
} from '../helpers/factories.ts';
import { type Client, clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

const app = await appForThisFile();

/** A refusal of the address sent, naming the field (`email`) so that the form shows it there. */
const ofEmail = (message: string) => ({ message, issues: [{ path: 'email', message }] });
const ALREADY_INVITED = ofEmail('An invitation to this email address is already pending.');
const ALREADY_MEMBER = ofEmail('A member of the organization already has this email address.');

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const invite = (as: Client, email: string) =>
  as.post('/api/organization/invitations', { name: 'Ivy Invitee', email });
const pendingEmails = async (as: Client) =>
  (await as.get('/api/organization/invitations')).json<{ email: string }[]>().map((i) => i.email);

async function company() {
  const admin = await registerCompany(app, { email: 'ada@example.org' });
  return { admin, as: clientFor(app, admin.cookie) };
}

describe('one pending invitation per email address', () => {
  it('refuses a second pending invitation to the same address, whatever its case', async () => {
    const { as } = await company();
    expect((await invite(as, 'ivy@example.org')).statusCode).toBe(201);
    const again = await invite(as, '  IVY@Example.org ');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(ALREADY_INVITED);
    expect(await pendingEmails(as)).toEqual(['ivy@example.org']);
    // Another company may invite the same person.
    expect((await invite((await company()).as, 'ivy@example.org')).statusCode).toBe(201);
  });

  it("refuses an invitation to a member's email address", async () => {
    const { admin, as } = await company();
    const member = await addMember(app, admin.user.companyId, 'user');
    const toAdmin = await invite(as, 'ADA@example.org');
    expect(toAdmin.statusCode).toBe(409);
    expect(toAdmin.json()).toEqual(ALREADY_MEMBER);
    expect((await invite(as, member.user.email)).json()).toEqual(ALREADY_MEMBER);
    expect(await pendingEmails(as)).toEqual([]);
  });

  it('invites the address again once its invitation is cancelled', async () => {
    const { as } = await company();
    const first = (await invite(as, 'ivy@example.org')).json();
    expect((await as.delete(`/api/organization/invitations/${first.id}`)).statusCode).toBe(204);
    expect((await invite(as, 'ivy@example.org')).statusCode).toBe(201);
  });

  it('invites the address again once its invitation has expired; the old link stays expired', async () => {
    const { as } = await company();
    const first = (await invite(as, 'ivy@example.org')).json();
    // Time passes: the invitation's week is over.
    await app.db
      .update(userInvitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(userInvitations.id, first.id));
    const second = await invite(as, 'ivy@example.org');
    expect(second.statusCode).toBe(201);
    expect(await pendingEmails(as)).toEqual(['ivy@example.org']);
    const lookup = await app.inject({
      method: 'GET',
      url: `/api/invitations/${tokenOf(first.previewUrl)}`,
    });
    expect(lookup.json().status).toBe('expired');
  });

  it('after acceptance the invitee is a member; once removed, they may be invited again', async () => {
    const { as } = await company();
    const first = (await invite(as, 'ivy@example.org')).json();
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      remoteAddress: randomAddress(),
      payload: {
        token: tokenOf(first.previewUrl),
        username: uniqueUsername('ivy'),
        password: 'Ivy-pass-1',
      },
    });
    expect(accepted.statusCode).toBe(201);
    expect((await invite(as, 'ivy@example.org')).json()).toEqual(ALREADY_MEMBER);

    const team = (await as.get('/api/organization/users')).json<{ id: number; email: string }[]>();
    const ivy = team.find((m) => m.email === 'ivy@example.org');
    expect((await as.delete(`/api/organization/users/${ivy?.id}`)).statusCode).toBe(204);
    expect((await invite(as, 'ivy@example.org')).statusCode).toBe(201);
  });

  it("refuses to add a user with a member's email address, whatever its case, as an invitation to it", async () => {
    const { as } = await company();
    const teamBefore = (await as.get('/api/organization/users')).json();
    const added = await as.post('/api/organization/users', {
      name: 'Ada Again',
      email: ' ADA@Example.org ',
      username: uniqueUsername('ada'),
      password: 'Ada-pass-12',
    });
    expect(added.statusCode).toBe(409);
    expect(added.json()).toEqual(ALREADY_MEMBER);
    expect((await as.get('/api/organization/users')).json()).toEqual(teamBefore);
    // Another company may add the same person.
    const other = clientFor(app, (await registerCompany(app, { email: 'bo@example.org' })).cookie);
    const elsewhere = await other.post('/api/organization/users', {
      name: 'Ada Elsewhere',
      email: 'ada@example.org',
      username: uniqueUsername('ada'),
      password: 'Ada-pass-12',
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('adding a user closes the invitation pending to their address, which can no longer be accepted', async () => {
    const { as } = await company();
    const invitation = (await invite(as, 'dup@example.org')).json();
    const added = await as.post('/api/organization/users', {
      name: 'Dup Direct',
      email: 'DUP@example.org',
      username: uniqueUsername('dup'),
      password: 'Dup-pass-12',
    });
    expect(added.statusCode).toBe(201);
    // Not listed as pending, where its link would only get a refusal.
    expect(await pendingEmails(as)).toEqual([]);
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      remoteAddress: randomAddress(),
      payload: {
        token: tokenOf(invitation.previewUrl),
        username: uniqueUsername('ivy'),
        password: 'Ivy-pass-1',
      },
    });
    expect(accepted.statusCode).toBe(404);
    const emails = (await as.get('/api/organization/users')).json<{ email: string }[]>();
    expect(emails.filter((m) => m.email.toLowerCase() === 'dup@example.org')).toHaveLength(1);
  });

  it("refuses a member's change of their own address to another member's, whatever its case", async () => {
    const { admin, as } = await company();
    const member = await addMember(app, admin.user.companyId, 'user');
    const asMember = clientFor(app, member.cookie);
    const taken = await asMember.patch('/api/user', {
      email: ' Ada@EXAMPLE.org ',
      currentPassword: member.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(ALREADY_MEMBER);
    const emails = (await as.get('/api/organization/users')).json<{ email: string }[]>();
    expect(emails.map((m) => m.email).sort()).toEqual(
      ['ada@example.org', member.user.email].sort(),
    );
    // Their own address in other letters is still theirs to write.
    const own = await asMember.patch('/api/user', {
      email: member.user.email.toUpperCase(),
      currentPassword: member.password,
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("refuses a member's change of their own address to one an invitation waits at; once it has expired, the address is theirs", async () => {
    const { admin, as } = await company();
    const member = await addMember(app, admin.user.companyId, 'user');
    const asMember = clientFor(app, member.cookie);
    expect((await invite(as, 'ivy@example.org')).statusCode).toBe(201);
    const take = () =>
      asMember.patch('/api/user', { email: 'IVY@example.org', currentPassword: member.password });
    const refused = await take();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(
      ofEmail(
        'An invitation to this email address is waiting to be accepted. Ask an admin to cancel it first.',
      ),
    );
    // Nothing changed: the invitation still waits, and the member keeps their address.
    expect(await pendingEmails(as)).toEqual(['ivy@example.org']);
    expect((await asMember.get('/api/user')).json<{ email: string }>().email).toBe(
      member.user.email,
    );
    await app.db
      .update(userInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userInvitations.companyId, admin.user.companyId));
    const taken = await take();
    expect(taken.statusCode, taken.body).toBe(200);
    // The expired invitation, whose link could no longer be accepted, is done with.
    const left = await app.db
      .select({ id: userInvitations.id })
      .from(userInvitations)
      .where(eq(userInvitations.companyId, admin.user.companyId));
    expect(left).toEqual([]);
  });

  it('refuses, after a while, a change of an address an invitation is being sent to', async () => {
    const { admin, as } = await company();
    const member = await addMember(app, admin.user.companyId);
    // An invitation to ivy@ waits on a slow mail server, the address held meanwhile.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    const sending = inCompany(app.db, admin.user.companyId, async (tx) => {
      await hasMemberWithEmail(tx, admin.user.companyId, 'ivy@example.org');
      held = true;
      await released;
    });
    await until(() => held, 'the address held');
    try {
      const started = Date.now();
      const [invited, changed] = await Promise.all([
        invite(as, 'IVY@example.org'),
        clientFor(app, member.cookie).patch('/api/user', {
          email: 'ivy@example.org',
          currentPassword: DEFAULT_PASSWORD,
        }),
      ]);
      for (const refused of [invited, changed]) {
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json()).toEqual(ofEmail(ADDRESS_BUSY));
      }
      // Well before the statement's own limit (30 s), which answered 503.
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      release();
      await sending;
    }
    expect((await invite(as, 'ivy@example.org')).statusCode).toBe(201);
  });

  it('two admins inviting one address at the same moment: one invitation, one 409', async () => {
    const { admin, as } = await company();
    const other = clientFor(app, (await addMember(app, admin.user.companyId, 'admin')).cookie);
    for (let i = 0; i < 10; i++) {
      const email = `both_${i}@example.org`;
      const answers = await Promise.all([invite(as, email), invite(other, email.toUpperCase())]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    }
    expect(await pendingEmails(as)).toHaveLength(10);
  });

  it('answers "already invited" for a pending address only: any other clash is an error', async () => {
    const { admin } = await company();
    const organization = createCompanyRepository(app.db);
    // Two links with one token: no request can make this happen, only a fault on our side.
    const tokenHash = hashToken(newToken());
    const create = (email: string) =>
      organization.createInvitation(
        admin.user.companyId,
        admin.user.id,
        { name: 'Ivy Invitee', email, role: 'user' },
        tokenHash,
        new Date(Date.now() + 60_000),
      );
    expect(await create('first@example.org')).toMatchObject({ email: 'first@example.org' });
    const clash = await create('second@example.org').catch((error: unknown) => error);
    expect(violatesConstraint(clash, 'user_invitations_token_key')).toBe(true);
  });
});
