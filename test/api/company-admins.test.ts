import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/company.ts';
import { violatesConstraint } from '../../src/server/db/errors.ts';
import { users } from '../../src/server/db/schema.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { addMember, registerCompany } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { buildTestApp } from '../helpers/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

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

// Two transactions really run at once, each on its own connection.
const TRIES = 20;

describe('two admins acting on each other at the same moment', () => {
  it(`${TRIES} tries of removing each other: one removal wins, an admin always stays`, async () => {
    const outcomes: string[] = [];
    let withoutAdmin = 0;
    for (let i = 0; i < TRIES; i++) {
      const { companyId, first, second } = await twoAdmins();
      const answers = await Promise.all([
        clientFor(app, first.cookie).delete(`/api/organization/users/${second.user.id}`),
        clientFor(app, second.cookie).delete(`/api/organization/users/${first.user.id}`),
      ]);
      const statuses = answers.map((a) => a.statusCode).sort();
      outcomes.push(statuses.join('+'));
      if ((await adminsOf(companyId)).length === 0) withoutAdmin += 1;
      // The loser is refused (409), or finds its own session already ended with its account.
      const loser = answers.find((a) => a.statusCode !== 204);
      if (loser?.statusCode === 409) expect(loser.json()).toEqual({ message: LAST_ADMIN });
    }
    expect(withoutAdmin, `companies left without an admin: ${outcomes.join(', ')}`).toBe(0);
    for (const outcome of outcomes) expect(['204+401', '204+409']).toContain(outcome);
  });

  it(`${TRIES} tries of demoting each other: one demotion wins, an admin always stays`, async () => {
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
  });
});
