import { and, eq } from 'drizzle-orm';
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/company.ts';
import { ADMINS_BUSY, actAsAdmin, holdCompanyAdmins } from '../../src/server/accounts/members.ts';
import type { Transaction } from '../../src/server/db/client.ts';
import { violatesConstraint } from '../../src/server/db/errors.ts';
import { users } from '../../src/server/db/schema.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { createCompanyRepository } from '../../src/server/modules/company/company.repository.ts';
import { whileCommitting } from '../helpers/at-the-same-moment.ts';
import {
  addMember,
  randomAddress,
  registerCompany,
  type SignedInUser,
  uniqueUsername,
} from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

const app = await appForThisFile();

const LAST_ADMIN = 'The organization must keep at least one admin.';

const adminsOf = async (companyId: number) =>
  (
    await inCompany(app.db, companyId, (tx) =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.role, 'admin'))),
    )
  ).map((row) => row.id);

/** What any code path (a future role change, a script) would run: straight SQL on the user. */
const setRole = (companyId: number, userId: number, role: Role) =>
  inCompany(app.db, companyId, (tx) =>
    tx
      .update(users)
      .set({ role })
      .where(and(eq(users.companyId, companyId), eq(users.id, userId))),
  );
const deleteUser = (companyId: number, userId: number) =>
  inCompany(app.db, companyId, (tx) =>
    tx.delete(users).where(and(eq(users.companyId, companyId), eq(users.id, userId))),
  );

async function twoAdmins() {
  const first = await registerCompany(app);
  const second = await addMember(app, first.user.companyId, 'admin');
  return { companyId: first.user.companyId, first, second };
}

describe('a company always keeps an admin', () => {
  it('lets an admin remove another admin, then the database refuses to lose the last', async () => {
    const { companyId, first, second } = await twoAdmins();
    const removed = await clientFor(app, first.cookie).delete(
      `/api/organization/users/${second.user.id}`,
    );
    expect(removed.statusCode).toBe(204);
    expect(await adminsOf(companyId)).toEqual([first.user.id]);

    // Whatever path tries it, the last admin is neither removed nor demoted.
    const refused = (error: unknown) => violatesConstraint(error, 'users_company_keeps_an_admin');
    await expect(deleteUser(companyId, first.user.id)).rejects.toSatisfy(refused);
    await expect(setRole(companyId, first.user.id, 'user')).rejects.toSatisfy(refused);
    expect(await adminsOf(companyId)).toEqual([first.user.id]);
  });

  it('lets an admin be demoted while another admin remains, and a plain user be removed', async () => {
    const { companyId, first, second } = await twoAdmins();
    const member = await addMember(app, companyId, 'user');
    await setRole(companyId, second.user.id, 'user');
    expect(await adminsOf(companyId)).toEqual([first.user.id]);
    await deleteUser(companyId, second.user.id);
    const removed = await clientFor(app, first.cookie).delete(
      `/api/organization/users/${member.user.id}`,
    );
    expect(removed.statusCode).toBe(204);
  });
});

describe("the refusal to lose a company's last admin, inside a longer change", () => {
  it('leaves the change able to go on, undone to before the refused statement', async () => {
    const admin = await registerCompany(app);
    const { companyId } = admin.user;
    const company = createCompanyRepository(app.db);
    const afterRefusal = await inCompany(app.db, companyId, async (tx) => {
      expect(await company.setRole(companyId, admin.user.id, 'user', tx)).toBe('last-admin');
      expect(await company.removeMember(companyId, admin.user.id, tx)).toBe('last-admin');
      // The transaction is not left aborted: what follows runs, and commits.
      return company.updateProfile(companyId, { industry: 'Arts' }, tx);
    });
    expect(afterRefusal).toMatchObject({ industry: 'Arts' });
    expect(await adminsOf(companyId)).toEqual([admin.user.id]);
  });
});

// Two transactions really run at once, each on its own connection.
const TRIES = 20;
/** Setting up two signed-in admins 20 times takes over 30 s on a busy machine. */
const TRIES_TIMEOUT_MS = 120_000;

/**
 * TRIES times, two new admins of one company each `act` on the other at the same moment: the
 * statuses of each pair of answers (sorted, as '204+409'), and how many companies were left
 * without an admin. A refusal for the last admin must say why.
 */
async function raceOfTwoAdmins(
  act: (admin: SignedInUser, other: SignedInUser) => Promise<LightMyRequestResponse>,
) {
  const outcomes: string[] = [];
  let withoutAdmin = 0;
  for (let i = 0; i < TRIES; i++) {
    const { companyId, first, second } = await twoAdmins();
    const answers = await Promise.all([act(first, second), act(second, first)]);
    outcomes.push(
      answers
        .map((a) => a.statusCode)
        .sort()
        .join('+'),
    );
    if ((await adminsOf(companyId)).length === 0) withoutAdmin += 1;
    const refused = answers.find((a) => a.statusCode === 409);
    if (refused) expect(refused.json()).toEqual({ message: LAST_ADMIN });
  }
  return { outcomes, withoutAdmin };
}

describe('two admins acting on each other at the same moment', () => {
  it(
    `${TRIES} tries of removing each other: one removal wins, an admin always stays`,
    async () => {
      const { outcomes, withoutAdmin } = await raceOfTwoAdmins((admin, other) =>
        clientFor(app, admin.cookie).delete(`/api/organization/users/${other.user.id}`),
      );
      expect(withoutAdmin, `companies left without an admin: ${outcomes.join(', ')}`).toBe(0);
      // The loser is refused (409), or finds its own session already ended with its account.
      for (const outcome of outcomes) expect(['204+401', '204+409']).toContain(outcome);
    },
    TRIES_TIMEOUT_MS,
  );

  it(
    `${TRIES} tries of demoting each other: one demotion wins, an admin always stays`,
    async () => {
      let withoutAdmin = 0;
      const succeeded: number[] = [];
      for (let i = 0; i < TRIES; i++) {
        const { companyId, first, second } = await twoAdmins();
        const results = await Promise.allSettled([
          setRole(companyId, second.user.id, 'user'),
          setRole(companyId, first.user.id, 'user'),
        ]);
        succeeded.push(results.filter((r) => r.status === 'fulfilled').length);
        if ((await adminsOf(companyId)).length === 0) withoutAdmin += 1;
      }
      expect(withoutAdmin, `companies left without an admin, of ${TRIES}`).toBe(0);
      expect(succeeded).toEqual(Array(TRIES).fill(1));
    },
    TRIES_TIMEOUT_MS,
  );
});

describe("an admin changes a member's role from the team list", () => {
  const setRoleThroughApi = (cookie: string, userId: number, role: unknown) =>
    clientFor(app, cookie).patch(`/api/organization/users/${userId}`, { role });

  it('promotes a user to admin and back; the member sees it at once', async () => {
    const { companyId, first } = await twoAdmins();
    const member = await addMember(app, companyId, 'user');
    const promoted = await setRoleThroughApi(first.cookie, member.user.id, 'admin');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toEqual({
      id: member.user.id,
      name: member.user.name,
      email: member.user.email,
      username: member.username,
      role: 'admin',
    });
    expect((await clientFor(app, member.cookie).get('/api/user')).json().role).toBe('admin');
    const team = await clientFor(app, first.cookie).get('/api/organization/users');
    expect(team.json()).toContainEqual(
      expect.objectContaining({ id: member.user.id, role: 'admin' }),
    );

    expect((await setRoleThroughApi(first.cookie, member.user.id, 'user')).statusCode).toBe(200);
    expect((await clientFor(app, member.cookie).get('/api/user')).json().role).toBe('user');
  });

  it("takes back the pending invitations of an admin made a user, and no one else's", async () => {
    const { first, second } = await twoAdmins();
    const invite = (cookie: string, email: string) =>
      clientFor(app, cookie).post('/api/organization/invitations', {
        name: 'Ivy Invitee',
        email,
        role: 'admin',
      });
    const theirs = (await invite(second.cookie, 'ivy@example.org')).json();
    expect((await invite(first.cookie, 'bo@example.org')).statusCode).toBe(201);
    expect((await setRoleThroughApi(first.cookie, second.user.id, 'user')).statusCode).toBe(200);
    const pending = await clientFor(app, first.cookie).get('/api/organization/invitations');
    expect(pending.json().map((i: { email: string }) => i.email)).toEqual(['bo@example.org']);
    // Its link no longer makes anyone an admin.
    const token = new URL(theirs.previewUrl).searchParams.get('token');
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      remoteAddress: randomAddress(),
      payload: { token, username: uniqueUsername('ivy'), password: 'Ivy-pass-1' },
    });
    expect(accepted.statusCode).toBe(404);
  });

  it('answers a plain user 403 and changes nothing', async () => {
    const { companyId, first } = await twoAdmins();
    const member = await addMember(app, companyId, 'user');
    for (const [target, role] of [
      [member.user.id, 'admin'],
      [first.user.id, 'user'],
    ] as const) {
      const response = await setRoleThroughApi(member.cookie, target, role);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Only administrators can do this' });
    }
    expect(await adminsOf(companyId)).toHaveLength(2);
  });

  it("refuses the last admin's demotion, another company's member and a bad role", async () => {
    const admin = await registerCompany(app);
    const companyId = admin.user.companyId;
    const lastAdmin = await setRoleThroughApi(admin.cookie, admin.user.id, 'user');
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json()).toEqual({ message: LAST_ADMIN });
    expect(await adminsOf(companyId)).toEqual([admin.user.id]);

    const outsider = await registerCompany(app);
    const elsewhere = await setRoleThroughApi(admin.cookie, outsider.user.id, 'user');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: 'User not found' });
    expect(await adminsOf(outsider.user.companyId)).toEqual([outsider.user.id]);

    const member = await addMember(app, companyId, 'user');
    for (const [role, message] of [
      ['owner', 'Invalid role value'],
      [undefined, 'Role is required'],
    ] as const) {
      const response = await setRoleThroughApi(admin.cookie, member.user.id, role);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await adminsOf(companyId)).toEqual([admin.user.id]);
  });

  it('lets an admin step down while another admin remains', async () => {
    const { companyId, first, second } = await twoAdmins();
    const response = await setRoleThroughApi(second.cookie, second.user.id, 'user');
    expect(response.statusCode).toBe(200);
    expect(await adminsOf(companyId)).toEqual([first.user.id]);
    // No longer an admin: the next admin call is refused.
    expect((await setRoleThroughApi(second.cookie, second.user.id, 'admin')).statusCode).toBe(403);
  });

  it(
    `${TRIES} tries of two admins demoting each other through the API at once: an admin always stays`,
    async () => {
      const { outcomes, withoutAdmin } = await raceOfTwoAdmins((admin, other) =>
        setRoleThroughApi(admin.cookie, other.user.id, 'user'),
      );
      expect(withoutAdmin, `companies left without an admin: ${outcomes.join(', ')}`).toBe(0);
      // The loser is refused (409), or was no longer an admin when its request came in (403).
      for (const outcome of outcomes) expect(['200+403', '200+409']).toContain(outcome);
    },
    TRIES_TIMEOUT_MS,
  );
});

/**
 * An admin's change checks them again as it is made: the session's role was read when the
 * request began, and another admin may have removed or demoted them while it was under way.
 * Three admins, so that the rule that keeps one never decides.
 */
describe('an admin removed or demoted while their request is under way', () => {
  async function threeAdmins() {
    const { companyId, first, second } = await twoAdmins();
    const third = await addMember(app, companyId, 'admin');
    return { companyId, first, second, third };
  }

  /** Another admin's removal or demotion of the user, as the API makes it (actAsAdmin). */
  const byAnotherAdmin =
    (companyId: number, userId: number, change: 'remove' | 'demote') => async (tx: Transaction) => {
      await holdCompanyAdmins(tx, companyId, { changesAdmins: true });
      const them = and(eq(users.companyId, companyId), eq(users.id, userId));
      await (change === 'remove'
        ? tx.delete(users).where(them)
        : tx.update(users).set({ role: 'user' }).where(them));
    };

  it('cannot remove the admin who removed them', async () => {
    const { companyId, first, second, third } = await threeAdmins();
    const answer = await whileCommitting(
      app,
      companyId,
      byAnotherAdmin(companyId, second.user.id, 'remove'),
      () => clientFor(app, second.cookie).delete(`/api/organization/users/${third.user.id}`),
    );
    expect(answer.statusCode).toBe(401);
    expect((await adminsOf(companyId)).sort()).toEqual([first.user.id, third.user.id].sort());
  });

  it('cannot demote the admin who demoted them', async () => {
    const { companyId, first, second, third } = await threeAdmins();
    const answer = await whileCommitting(
      app,
      companyId,
      byAnotherAdmin(companyId, second.user.id, 'demote'),
      () =>
        clientFor(app, second.cookie).patch(`/api/organization/users/${third.user.id}`, {
          role: 'user',
        }),
    );
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: 'Only administrators can do this' });
    expect((await adminsOf(companyId)).sort()).toEqual([first.user.id, third.user.id].sort());
  });

  it('changes nothing else an admin may change once demoted', async () => {
    const { companyId, first, second } = await threeAdmins();
    const demote = byAnotherAdmin(companyId, second.user.id, 'demote');
    const client = clientFor(app, second.cookie);
    const attempts = [
      () => client.patch('/api/organization', { industry: 'Changed' }),
      () => client.post('/api/organization/invitations', { name: 'Ivy', email: 'ivy@x.org' }),
      () => client.patch('/api/organization/reminders', { reminderDays: [3] }),
      () =>
        client.post('/api/organization/users', {
          name: 'New Admin',
          email: 'new.admin@example.org',
          username: 'new-admin-1',
          password: 'Secret-passw0rd!',
          role: 'admin',
        }),
    ];
    for (const attempt of attempts) {
      await inCompany(app.db, companyId, (tx) =>
        tx
          .update(users)
          .set({ role: 'admin' })
          .where(and(eq(users.companyId, companyId), eq(users.id, second.user.id))),
      );
      const answer = await whileCommitting(app, companyId, demote, attempt);
      expect(answer.statusCode, answer.body).toBe(403);
    }
    const profile = await clientFor(app, first.cookie).get('/api/organization');
    expect(profile.json().industry).not.toBe('Changed');
    const members = await inCompany(app.db, companyId, (tx) =>
      tx.select({ username: users.username }).from(users).where(eq(users.companyId, companyId)),
    );
    expect(members.map((m) => m.username)).not.toContain('new-admin-1');
  });

  /**
   * An admin's change under way, as actAsAdmin makes it (an invitation whose email is on its
   * way): held until `release()`.
   */
  async function changeUnderWay(admin: SignedInUser) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    const request = { currentUser: admin.user } as FastifyRequest;
    const done = actAsAdmin(app.db, request, async () => {
      held = true;
      await released;
    });
    await until(() => held, 'the change under way');
    return { release, done };
  }

  it("leaves the admin's own row free while one of their changes is under way", async () => {
    const { second } = await threeAdmins();
    const change = await changeUnderWay(second);
    const renamed = await clientFor(app, second.cookie).patch('/api/user', { name: 'Renamed' });
    change.release();
    await change.done;
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it("refuses a removal that waits too long on another admin's change, with a reason", async () => {
    const { companyId, first, second, third } = await threeAdmins();
    const change = await changeUnderWay(second);
    const started = Date.now();
    const removal = await clientFor(app, first.cookie).delete(
      `/api/organization/users/${third.user.id}`,
    );
    change.release();
    await change.done;
    expect(removal.statusCode, removal.body).toBe(409);
    expect(removal.json()).toEqual({ message: ADMINS_BUSY });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await adminsOf(companyId)).toContain(third.user.id);
  });

  it(
    `${TRIES} tries of two of three admins removing each other at once: never both`,
    async () => {
      const outcomes: string[] = [];
      for (let i = 0; i < TRIES; i++) {
        const { companyId, first, second, third } = await threeAdmins();
        const answers = await Promise.all([
          clientFor(app, second.cookie).delete(`/api/organization/users/${third.user.id}`),
          clientFor(app, third.cookie).delete(`/api/organization/users/${second.user.id}`),
        ]);
        outcomes.push(
          answers
            .map((a) => a.statusCode)
            .sort()
            .join('+'),
        );
        expect(await adminsOf(companyId)).toContain(first.user.id);
        expect(await adminsOf(companyId)).toHaveLength(2);
      }
      expect(new Set(outcomes)).toEqual(new Set(['204+401']));
    },
    TRIES_TIMEOUT_MS,
  );
});
