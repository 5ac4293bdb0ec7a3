import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows.ts';
import { contacts } from '../../src/server/db/schema.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { someoneWaitsOn } from '../helpers/at-the-same-moment.ts';
import { insertContacts, insertInteractions, registerCompany } from '../helpers/factories.ts';
import { analyze, nodesOf, planOf, statementsSentBy } from '../helpers/query-plans.ts';
import { type Client, clientFor, createdId } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

const app = await appForThisFile();

async function companyWithContact(): Promise<{ client: Client; contactId: number }> {
  const { cookie } = await registerCompany(app);
  const client = clientFor(app, cookie);
  const contact = await client.post('/api/contacts', { name: 'Grace Hopper', email: 'g@navy.org' });
  return { client, contactId: contact.json().id };
}

const meeting = (contactId: number) => ({
  contactId,
  type: 'meeting',
  notes: 'Discussed the spring proposal',
  date: '2026-04-02T14:30:00.000Z',
});

describe('interactions CRUD', () => {
  it('logs an interaction (201) with its contact name and reads it back', async () => {
    const { client, contactId } = await companyWithContact();
    const created = await client.post('/api/interactions', meeting(contactId));
    expect(created.statusCode).toBe(201);
    const interaction = created.json();
    expect(interaction).toMatchObject({ ...meeting(contactId), contactName: 'Grace Hopper' });

    expect((await client.get(`/api/interactions/${interaction.id}`)).json()).toEqual(interaction);
    const list = await client.get('/api/interactions');
    expect(list.json()).toEqual([interaction]);
    expect(list.headers['x-total-count']).toBe('1');
  });

  it('accepts any date the client sends as ISO 8601 and answers in UTC ISO form', async () => {
    const { client, contactId } = await companyWithContact();
    const created = await client.post('/api/interactions', {
      ...meeting(contactId),
      date: '2026-04-02T16:30:00+02:00',
    });
    expect(created.json().date).toBe('2026-04-02T14:30:00.000Z');
  });

  it('lists newest first, filters by contact, and searches notes and contact names', async () => {
    const { client, contactId } = await companyWithContact();
    const other = (
      await client.post('/api/contacts', { name: 'Alan Turing', email: 'a@x.org' })
    ).json().id;
    await client.post('/api/interactions', {
      ...meeting(contactId),
      notes: 'First',
      date: '2026-01-01T00:00:00Z',
    });
    await client.post('/api/interactions', {
      ...meeting(other),
      notes: 'Second',
      date: '2026-02-01T00:00:00Z',
    });
    await client.post('/api/interactions', {
      ...meeting(contactId),
      notes: 'Third',
      date: '2026-03-01T00:00:00Z',
    });

    const notes = (url: string) =>
      client.get(url).then((r) => r.json().map((i: { notes: string }) => i.notes));
    expect(await notes('/api/interactions')).toEqual(['Third', 'Second', 'First']);
    expect(await notes(`/api/interactions?contactId=${contactId}`)).toEqual(['Third', 'First']);
    expect(await notes('/api/interactions?q=turing')).toEqual(['Second']);
    expect(await notes('/api/interactions?q=thi')).toEqual(['Third']);
    expect(await notes('/api/interactions?sort=date&limit=2')).toEqual(['First', 'Second']);
  });

  it("follows a contact's new name: in the list, the sort and the search", async () => {
    const { client, contactId } = await companyWithContact();
    const other = (
      await client.post('/api/contacts', { name: 'Alan Turing', email: 't@b.org' })
    ).json() as { id: number };
    await client.post('/api/interactions', meeting(contactId));
    const moved = (await client.post('/api/interactions', meeting(contactId))).json() as {
      id: number;
    };
    await client.post('/api/interactions', { ...meeting(other.id), notes: 'Enigma' });
    const names = async (url: string) =>
      ((await client.get(url)).json() as { contactName: string }[]).map((i) => i.contactName);
    // Searched once before the rename: the answer kept for it must not outlive the rename.
    expect(await names('/api/interactions?q=hopper')).toHaveLength(2);
    const renamed = await client.patch(`/api/contacts/${contactId}`, { name: 'Amazing Grace' });
    expect(renamed.statusCode).toBe(200);
    expect(await names('/api/interactions?sort=contactName')).toEqual([
      'Alan Turing',
      'Amazing Grace',
      'Amazing Grace',
    ]);
    expect(await names('/api/interactions?q=amazing')).toEqual(['Amazing Grace', 'Amazing Grace']);
    expect(await names('/api/interactions?q=hopper')).toEqual([]);
    // An interaction moved to another contact takes that contact's name.
    await client.patch(`/api/interactions/${moved.id}`, { contactId: other.id });
    expect(await names('/api/interactions?q=turing')).toEqual(['Alan Turing', 'Alan Turing']);
  });

  it('updates only the fields sent', async () => {
    const { client, contactId } = await companyWithContact();
    const { id } = (await client.post('/api/interactions', meeting(contactId))).json();
    const updated = await client.patch(`/api/interactions/${id}`, { type: 'call' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ ...meeting(contactId), type: 'call' });
  });

  it('deletes an interaction', async () => {
    const { client, contactId } = await companyWithContact();
    const { id } = (await client.post('/api/interactions', meeting(contactId))).json();
    expect((await client.delete(`/api/interactions/${id}`)).statusCode).toBe(204);
    const missing = await client.get(`/api/interactions/${id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Interaction not found' });
  });
});

describe('an interaction saved under a contact at the moment the contact is renamed', () => {
  /**
   * `save` is sent while the contact is being renamed in a transaction not yet committed; the
   * rename commits once the save waits for it, or has been answered (as it was when it read the
   * name before the rename and kept it).
   */
  async function renamedMeanwhile<Answer>(
    companyId: number,
    contactId: number,
    save: () => Promise<Answer>,
  ): Promise<Answer> {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let pid = 0;
    const renaming = inCompany(app.db, companyId, async (tx) => {
      await tx.update(contacts).set({ name: 'Grace M. Hopper' }).where(eq(contacts.id, contactId));
      const [backend] = await rowsOf<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
      pid = backend?.pid ?? 0;
      await released;
    });
    await until(() => pid > 0, 'the rename under way');
    let answered = false;
    const answer = save().finally(() => {
      answered = true;
    });
    await until(
      async () => answered || (await someoneWaitsOn(app, pid)),
      'the save waiting for the rename, or answered',
    );
    release();
    await renaming;
    return answer;
  }

  async function company() {
    const owner = await registerCompany(app);
    const client = clientFor(app, owner.cookie);
    const contactId = await createdId(client, '/api/contacts', {
      name: 'Grace Hopper',
      email: 'g@navy.org',
    });
    return { client, companyId: owner.user.companyId, contactId };
  }

  const shownUnderNewName = async (client: Client, id: number) => {
    expect((await client.get(`/api/interactions/${id}`)).json().contactName).toBe(
      'Grace M. Hopper',
    );
    const found = (await client.get('/api/interactions?q=M.%20Hopper')).json<{ id: number }[]>();
    expect(found.map((row) => row.id)).toEqual([id]);
  };

  it('logs a new interaction with the new name', async () => {
    const { client, companyId, contactId } = await company();
    const created = await renamedMeanwhile(companyId, contactId, () =>
      client.post('/api/interactions', meeting(contactId)),
    );
    expect(created.statusCode, created.body).toBe(201);
    await shownUnderNewName(client, created.json().id);
  });

  it('moves an interaction to the contact with the new name', async () => {
    const { client, companyId, contactId } = await company();
    const otherId = await createdId(client, '/api/contacts', { name: 'Ada', email: 'a@x.org' });
    const id = await createdId(client, '/api/interactions', meeting(otherId));
    const moved = await renamedMeanwhile(companyId, contactId, () =>
      client.patch(`/api/interactions/${id}`, { contactId }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await shownUnderNewName(client, id);
  });

  it('keeps an edit of an interaction of the contact, and the new name', async () => {
    const { client, companyId, contactId } = await company();
    const id = await createdId(client, '/api/interactions', meeting(contactId));
    const edited = await renamedMeanwhile(companyId, contactId, () =>
      client.patch(`/api/interactions/${id}`, { ...meeting(contactId), notes: 'Follow-up' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await client.get(`/api/interactions/${id}`)).json().notes).toBe('Follow-up');
    await shownUnderNewName(client, id);
  });
});

describe('interaction validation (SPEC §5)', () => {
  it.each([
    [{ contactId: undefined }, 'Contact is required'],
    [{ contactId: 'seven' }, 'Invalid contact selection'],
    [{ contactId: 1.5 }, 'Invalid contact selection'],
    [{ type: undefined }, 'Type is required'],
    [{ type: 'letter' }, 'Type is required'],
    [{ notes: '' }, 'Notes are required'],
    [{ date: undefined }, 'Date is required'],
    [{ date: 'next tuesday' }, 'Invalid date format'],
  ])('%j → %s', async (change, message) => {
    const { client, contactId } = await companyWithContact();
    const response = await client.post('/api/interactions', { ...meeting(contactId), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await client.get('/api/interactions')).json()).toEqual([]);
  });

  it('refuses a contact that does not exist', async () => {
    const { client } = await companyWithContact();
    const response = await client.post('/api/interactions', meeting(987654));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Invalid contact selection',
      issues: [{ path: 'contactId', message: 'Invalid contact selection' }],
    });
  });
});

describe('tenancy', () => {
  it("cannot link to another company's contact, by create or by update", async () => {
    const mine = await companyWithContact();
    const theirs = await companyWithContact();
    const linked = await mine.client.post('/api/interactions', meeting(theirs.contactId));
    expect(linked.statusCode).toBe(400);
    expect(linked.json().message).toBe('Invalid contact selection');

    const { id } = (await mine.client.post('/api/interactions', meeting(mine.contactId))).json();
    const moved = await mine.client.patch(`/api/interactions/${id}`, {
      contactId: theirs.contactId,
    });
    expect(moved.statusCode).toBe(400);
    expect((await mine.client.get(`/api/interactions/${id}`)).json().contactId).toBe(
      mine.contactId,
    );
  });

  it("never shows, changes or deletes another company's interaction", async () => {
    const owner = await companyWithContact();
    const intruder = await companyWithContact();
    const { id } = (await owner.client.post('/api/interactions', meeting(owner.contactId))).json();

    expect((await intruder.client.get(`/api/interactions/${id}`)).statusCode).toBe(404);
    expect(
      (await intruder.client.patch(`/api/interactions/${id}`, { notes: 'x' })).statusCode,
    ).toBe(404);
    expect((await intruder.client.delete(`/api/interactions/${id}`)).statusCode).toBe(404);
    expect((await intruder.client.get('/api/interactions')).json()).toEqual([]);
    expect(
      (await intruder.client.get(`/api/interactions?contactId=${owner.contactId}`)).json(),
    ).toEqual([]);
  });
});

describe('the newest interactions first', () => {
  it("are read a page at a time from an index in their order, not sorted from all of the company's", async () => {
    const { cookie, user } = await registerCompany(app);
    const client = clientFor(app, cookie);
    const companyId = user.companyId;
    const contactIds = await insertContacts(app, companyId, 40);
    const [busy] = contactIds;
    if (busy === undefined) throw new Error('no contact');
    // 3,000 of them, five a day (so a page's order goes by id within a day), and a contact with
    // 1,000 of its own among them: enough that sorting them costs more than the index read.
    await insertInteractions(app, companyId, contactIds, 2_000);
    await insertInteractions(app, companyId, [busy], 1_000, { perDay: 3 });
    await analyze(app, 'interactions', 'contacts');

    const newest = async (contact: number | null, limit: number) => {
      const rows = await inCompany(app.db, companyId, (tx) =>
        rowsOf<{ id: number }>(
          tx,
          sql`SELECT id FROM interactions WHERE company_id = ${companyId}
            AND (${contact}::int IS NULL OR contact_id = ${contact})
            ORDER BY date DESC, id DESC LIMIT ${limit}`,
        ),
      );
      return rows.map((row) => row.id);
    };
    const pages = [
      // The list's first page, and a contact's page (its newest ten).
      {
        url: '/api/interactions?limit=25',
        index: 'interactions_date_idx',
        ids: await newest(null, 25),
      },
      {
        url: `/api/interactions?contactId=${busy}&limit=10`,
        index: 'interactions_contact_idx',
        ids: await newest(busy, 10),
      },
    ];
    for (const { url, index, ids } of pages) {
      let page: { id: number }[] = [];
      const sent = await statementsSentBy('interactions', async () => {
        page = (await client.get(url)).json();
      });
      expect(page.map((interaction) => interaction.id)).toEqual(ids);
      const read = sent.find((statement) => /\border by\b/i.test(statement.text));
      if (!read) throw new Error(`${url} read no page of interactions`);
      const nodes = nodesOf(await planOf(app, companyId, read));
      expect(nodes.map((node) => node['Index Name'])).toContain(index);
      expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
    }
  });
});
