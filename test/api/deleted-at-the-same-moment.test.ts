import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ASSIGNEE_NOT_MEMBER } from '../../src/domain/common.ts';
import { INVALID_CONTACT } from '../../src/domain/interactions.ts';
import type { Transaction } from '../../src/server/db/client.ts';
import { passwordResets } from '../../src/server/db/schema.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { createPasswordResetRepository } from '../../src/server/modules/auth/password-reset.repository.ts';
import { createCompanyRepository } from '../../src/server/modules/company/company.repository.ts';
import { createContactsRepository } from '../../src/server/modules/contacts/contacts.repository.ts';
import { createGrantsRepository } from '../../src/server/modules/grants/grants.repository.ts';
import { someoneWaitsOn, whileCommitting } from '../helpers/at-the-same-moment.ts';
import { addMember, registerCompany } from '../helpers/factories.ts';
import { clientFor, createdId } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

// One person writes a record under another (an interaction under its contact, a task under its
// grant, a task given to a member) while someone else deletes that other at the same moment. The
// write must be refused as it would be a moment later, with nothing left pointing at nothing,
// never a 500 from the foreign key.

const app = await appForThisFile();

const task = (name: string) => ({
  name,
  description: `${name}, described`,
  category: 'proposal',
  dueDate: '2027-02-01T00:00:00.000Z',
});

/** A company with a contact, an interaction with them, a grant and a task of it. */
async function company() {
  const owner = await registerCompany(app);
  const companyId = owner.user.companyId;
  const client = clientFor(app, owner.cookie);
  const contactId = await createdId(client, '/api/contacts', { name: 'Ada', email: 'ada@x.org' });
  const otherContactId = await createdId(client, '/api/contacts', {
    name: 'Bo',
    email: 'bo@x.org',
  });
  const interactionId = await createdId(client, '/api/interactions', {
    contactId: otherContactId,
    type: 'call',
    date: '2026-11-20T10:00:00.000Z',
    notes: 'Called',
  });
  const grant = { name: 'Arts', funder: 'Hope Trust', amount: 1000, dueDate: '2027-03-01' };
  const grantId = await createdId(client, '/api/grants', grant);
  const taskId = await createdId(client, `/api/grants/${grantId}/tasks`, task('Write'));
  return { companyId, client, contactId, otherContactId, interactionId, grantId, taskId };
}
type Company = Awaited<ReturnType<typeof company>>;

const contacts = () => createContactsRepository(app.db);
const grants = () => createGrantsRepository(app.db);

interface Race {
  /** The deletion, in the company's transaction, not yet committed when the write comes. */
  deletion: (c: Company, tx: Transaction) => Promise<unknown>;
  write: (c: Company) => Promise<{ statusCode: number; json: () => unknown }>;
  refusal: { status: number; body: unknown };
  /** What shows nothing was written: a list that must not have grown. */
  afterwards: (c: Company) => Promise<unknown>;
  expected: unknown;
}

const contactRefused = {
  status: 400,
  body: { message: INVALID_CONTACT, issues: [{ path: 'contactId', message: INVALID_CONTACT }] },
};
const grantGone = { status: 404, body: { message: 'Grant not found' } };
const assigneeRefused = {
  status: 400,
  body: {
    message: ASSIGNEE_NOT_MEMBER,
    issues: [{ path: 'assigneeId', message: ASSIGNEE_NOT_MEMBER }],
  },
};
const interactionsOf = async (c: Company) =>
  (await c.client.get('/api/interactions')).json<{ contactId: number }[]>();
const tasksOnBoard = async (c: Company) => (await c.client.get('/api/tasks')).json<unknown[]>();

const races: [string, Race][] = [
  [
    'logging an interaction with a contact being deleted',
    {
      deletion: (c, tx) => contacts().remove(c.companyId, c.contactId, tx),
      write: (c) =>
        c.client.post('/api/interactions', {
          contactId: c.contactId,
          type: 'meeting',
          date: '2026-11-21T10:00:00.000Z',
          notes: 'Met',
        }),
      refusal: contactRefused,
      afterwards: async (c) => (await interactionsOf(c)).length,
      expected: 1,
    },
  ],
  [
    'moving an interaction to a contact being deleted',
    {
      deletion: (c, tx) => contacts().remove(c.companyId, c.contactId, tx),
      write: (c) =>
        c.client.patch(`/api/interactions/${c.interactionId}`, { contactId: c.contactId }),
      refusal: contactRefused,
      afterwards: async (c) => (await interactionsOf(c)).map((i) => i.contactId === c.contactId),
      expected: [false],
    },
  ],
  [
    'adding a task to a grant being deleted',
    {
      deletion: (c, tx) => grants().remove(c.companyId, c.grantId, tx),
      write: (c) => c.client.post(`/api/grants/${c.grantId}/tasks`, task('Late task')),
      refusal: grantGone,
      afterwards: async (c) => (await tasksOnBoard(c)).length,
      expected: 0,
    },
  ],
  [
    'adding a requirement to a grant deleted with others at once',
    {
      deletion: (c, tx) => grants().removeMany(c.companyId, [c.grantId], tx),
      write: (c) =>
        c.client.post(`/api/grants/${c.grantId}/requirements`, {
          name: 'Final report',
          type: 'final_report',
          dueDate: '2027-06-01T00:00:00.000Z',
        }),
      refusal: grantGone,
      afterwards: async (c) => (await c.client.get('/api/grants')).json<unknown[]>().length,
      expected: 0,
    },
  ],
  [
    'giving a task to a member being removed',
    {
      deletion: async (c, tx) => {
        const member = await addMember(app, c.companyId);
        await createCompanyRepository(app.db).removeMember(c.companyId, member.user.id, tx);
        Object.assign(c, { memberId: member.user.id });
      },
      write: (c) =>
        c.client.patch(`/api/grants/${c.grantId}/tasks/${c.taskId}`, {
          assigneeId: (c as Company & { memberId: number }).memberId,
        }),
      refusal: assigneeRefused,
      afterwards: async (c) =>
        (await tasksOnBoard(c)).map((task) => (task as { assigneeId: unknown }).assigneeId),
      expected: [null],
    },
  ],
];

describe('a record written under another that is deleted at the same moment', () => {
  it.each(races)('%s is refused, and nothing is left pointing at nothing', async (_name, race) => {
    const c = await company();
    const answer = await whileCommitting(
      app,
      c.companyId,
      (tx) => race.deletion(c, tx),
      () => race.write(c),
    );
    expect({ status: answer.statusCode, body: answer.json() }).toEqual(race.refusal);
    expect(await race.afterwards(c)).toEqual(race.expected);
  });
});

describe('an edit saved, with its version, while what it names is deleted', () => {
  // The deletion holds what the edit names (the interaction's contact, the task's or the
  // requirement's assignee) when the edit comes, then deletes it, which takes the edited record
  // with it (the contact's interactions) or unassigns it (the member's work). An edit that held
  // its record first, then waited for what it names, met the deletion waiting for that record:
  // PostgreSQL ended one of the two. Holding what it names first, the edit waits, then is refused.
  it.each([
    ['an interaction kept with its contact', 'interaction'],
    ['a task kept with its assignee', 'tasks'],
    ['a requirement kept with its assignee', 'requirements'],
  ] as const)(
    '%s waits for the deletion, then is refused: never a deadlock',
    async (_case, kind) => {
      const owner = await registerCompany(app);
      const { companyId } = owner.user;
      const client = clientFor(app, owner.cookie);
      const member = await addMember(app, companyId);
      const grantId = await createdId(client, '/api/grants', {
        name: 'Arts',
        funder: 'Hope Trust',
        amount: 1000,
        dueDate: '2027-03-01',
      });
      const contactId = await createdId(client, '/api/contacts', { name: 'Ada', email: 'a@x.org' });
      const edits = {
        interaction: {
          url: '/api/interactions',
          body: { contactId, type: 'call', date: '2026-11-20T10:00:00.000Z', notes: 'Called' },
          deleted: sql`DELETE FROM contacts WHERE id = ${contactId}`,
          held: sql`SELECT 1 FROM contacts WHERE id = ${contactId} FOR UPDATE`,
          refusal: contactRefused,
        },
        tasks: {
          url: `/api/grants/${grantId}/tasks`,
          body: { ...task('Write'), assigneeId: member.user.id },
          deleted: sql`DELETE FROM users WHERE id = ${member.user.id}`,
          held: sql`SELECT 1 FROM users WHERE id = ${member.user.id} FOR UPDATE`,
          refusal: assigneeRefused,
        },
        requirements: {
          url: `/api/grants/${grantId}/requirements`,
          body: {
            name: 'Report',
            type: 'final_report',
            dueDate: '2027-02-01T00:00:00.000Z',
            status: 'pending',
            assigneeId: member.user.id,
          },
          deleted: sql`DELETE FROM users WHERE id = ${member.user.id}`,
          held: sql`SELECT 1 FROM users WHERE id = ${member.user.id} FOR UPDATE`,
          refusal: assigneeRefused,
        },
      };
      const edit = edits[kind];
      const created = await client.post(edit.url, edit.body);
      expect(created.statusCode, created.body).toBe(201);
      const { id, updatedAt } = created.json<{ id: number; updatedAt: string }>();
      let deleteIt = async () => {};
      const answer = await whileCommitting(
        app,
        companyId,
        async (tx) => {
          await tx.execute(edit.held);
          deleteIt = async () => {
            await tx.execute(edit.deleted);
          };
        },
        () =>
          app.inject({
            method: 'PATCH',
            url: `${edit.url}/${id}`,
            headers: { cookie: owner.cookie, 'if-match': `"${updatedAt}"` },
            payload: edit.body,
          }),
        () => deleteIt(),
      );
      expect({ status: answer.statusCode, body: answer.json() }).toEqual(edit.refusal);
    },
  );
});

describe('an interaction saved under a contact whose deletion has begun', () => {
  // The deletion (DELETE /api/contacts/:id with its version) first locks the contact for its
  // change, then deletes it. The save of an interaction under that contact, logged or moved
  // there, held it against deletion only, then asked, in its trigger, to read its name FOR
  // SHARE: each waited for the other. Holding it FOR SHARE at once, the save waits, then is
  // refused.
  it.each([
    ['logged', 'POST'],
    ['moved there', 'PATCH'],
  ] as const)(
    '%s waits for the deletion, then is refused: never a deadlock',
    async (_case, method) => {
      const c = await company();
      let deleteContact = async () => {};
      const answer = await whileCommitting(
        app,
        c.companyId,
        async (tx) => {
          await tx.execute(sql`SELECT 1 FROM contacts WHERE id = ${c.contactId} FOR NO KEY UPDATE`);
          deleteContact = async () => {
            await tx.execute(sql`DELETE FROM contacts WHERE id = ${c.contactId}`);
          };
        },
        () =>
          method === 'POST'
            ? c.client.post('/api/interactions', {
                contactId: c.contactId,
                type: 'call',
                date: '2026-11-21T10:00:00.000Z',
                notes: 'Called again',
              })
            : c.client.patch(`/api/interactions/${c.interactionId}`, { contactId: c.contactId }),
        // The deletion goes on while the save waits.
        () => deleteContact(),
      );
      expect({ status: answer.statusCode, body: answer.json() }).toEqual(contactRefused);
      // Nothing saved: the one interaction there was, with its contact as it was.
      expect((await interactionsOf(c)).map((i) => i.contactId)).toEqual([c.otherContactId]);
    },
  );
});

describe('a password reset link for a member removed at the same moment', () => {
  it('is not issued, and the request for it does not fail', async () => {
    const owner = await registerCompany(app);
    const companyId = owner.user.companyId;
    const member = await addMember(app, companyId);
    const account = { companyId, id: member.user.id };
    const outcome = await whileCommitting(
      app,
      companyId,
      (tx) => createCompanyRepository(app.db).removeMember(companyId, member.user.id, tx),
      () =>
        createPasswordResetRepository(app.db).issue(
          account,
          { tokenHash: 'a'.repeat(64), expiresAt: new Date(Date.now() + 3_600_000) },
          { since: new Date(Date.now() - 3_600_000), perWindow: 3 },
        ),
    );
    expect(outcome).toBe('no-account');
    const links = await inCompany(app.db, companyId, (tx) =>
      tx.select().from(passwordResets).where(eq(passwordResets.userId, member.user.id)),
    );
    expect(links).toEqual([]);
  });
});

describe('two changes that wait for each other', () => {
  it('the one PostgreSQL ends is answered 409, saying nothing of it was saved', async () => {
    const owner = await registerCompany(app);
    const client = clientFor(app, owner.cookie);
    const first = await createdId(client, '/api/contacts', { name: 'Ada', email: 'ada@x.org' });
    const second = await createdId(client, '/api/contacts', { name: 'Bo', email: 'bo@x.org' });
    let answer: Awaited<ReturnType<typeof client.post>> | undefined;
    // Someone holds the second contact; a bulk delete of both takes the first, then waits for
    // the second; the holder then wants the first: each waits for the other. PostgreSQL ends
    // the one that finds the cycle when it has waited a second (deadlock_timeout); the holder
    // would look only after a minute, so it is the bulk delete.
    const holder = await app.db.$client.connect();
    try {
      await holder.query('BEGIN');
      await holder.query("SET LOCAL deadlock_timeout = '60s'");
      await holder.query('SELECT 1 FROM contacts WHERE id = $1 FOR UPDATE', [second]);
      const pid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]
        ?.pid;
      const deleting = client.post('/api/contacts/bulk-delete', { ids: [first, second] });
      await until(() => someoneWaitsOn(app, pid ?? 0), 'the bulk delete waiting');
      await holder.query('SELECT 1 FROM contacts WHERE id = $1 FOR UPDATE', [first]);
      await holder.query('COMMIT');
      answer = await deleting;
    } finally {
      holder.release();
    }
    expect(answer?.statusCode, answer?.body).toBe(409);
    expect(answer?.json()).toEqual({
      message:
        'This change met another made at the same moment, and nothing of it was saved. Please try again.',
    });
    expect((await client.get('/api/contacts')).json()).toHaveLength(2);
  });
});
