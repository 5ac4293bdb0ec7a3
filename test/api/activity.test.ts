import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/domain/activity.ts';
import { addMember, registerCompany } from '../helpers/factories.ts';
import { openRawRequest, statusOf } from '../helpers/raw-http.ts';
import { type Client, clientFor, multipartFile } from '../helpers/requests.ts';
import { appForThisFile, listenOnFreePort, TEST_APP_URL } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

const app = await appForThisFile();
/** Called with each request's URL once its onRequest hooks have run, before its body is read. */
let onBodyAwaited: (url: string) => void = () => {};
beforeAll(async () => {
  app.addHook('preParsing', async (request) => {
    onBodyAwaited(request.url);
  });
});

async function company() {
  const admin = await registerCompany(app);
  return { admin, client: clientFor(app, admin.cookie) };
}

async function history(client: Client, entity: string, id: number) {
  const response = await client.get(`/api/activity?entity=${entity}&id=${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return {
    entries: response.json<ActivityEntry[]>(),
    total: Number(response.headers['x-total-count']),
  };
}

const grantBody = { name: 'Literacy', funder: 'Hill Fund', amount: 50000, dueDate: '2027-01-01' };

describe('GET /api/activity', () => {
  it('keeps who created, changed and deleted a record, with each changed field before and after', async () => {
    const { admin, client } = await company();
    const created = await client.post('/api/grants', grantBody);
    const id = created.json<{ id: number }>().id;
    expect(
      (await client.patch(`/api/grants/${id}`, { amount: 75000, notes: 'Raised' })).statusCode,
    ).toBe(200);
    // Saving the same values again is no change.
    expect((await client.patch(`/api/grants/${id}`, { amount: 75000 })).statusCode).toBe(200);
    expect((await client.delete(`/api/grants/${id}`)).statusCode).toBe(204);

    const { entries, total } = await history(client, 'grant', id);
    expect(total).toBe(3);
    expect(entries.map((e) => e.action)).toEqual(['deleted', 'updated', 'created']);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        entity: 'grant',
        entityId: id,
        actorId: admin.user.id,
        actorName: admin.user.name,
        title: 'Literacy',
      });
      expect(Date.parse(entry.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(entries[1]?.changes).toEqual([
      { field: 'amount', before: 50000, after: 75000 },
      { field: 'notes', before: null, after: 'Raised' },
    ]);
    expect(entries[0]?.changes).toBeNull();
  });

  it('shows the fields changed, never what the database computes from them (keys, search text)', async () => {
    const { client } = await company();
    const grant = (await client.post('/api/grants', grantBody)).json<{ id: number }>().id;
    expect((await client.patch(`/api/grants/${grant}`, { funder: 'Dale Fund' })).statusCode).toBe(
      200,
    );
    const contact = (
      await client.post('/api/contacts', { name: 'Ada', email: 'Ada@X.org', organization: 'Hill' })
    ).json<{ id: number }>().id;
    expect(
      (
        await client.patch(`/api/contacts/${contact}`, {
          email: 'Ada@Y.org',
          organization: 'Dale Fund',
        })
      ).statusCode,
    ).toBe(200);
    expect((await history(client, 'grant', grant)).entries[0]?.changes).toEqual([
      { field: 'funder', before: 'Hill Fund', after: 'Dale Fund' },
    ]);
    expect((await history(client, 'contact', contact)).entries[0]?.changes).toEqual([
      { field: 'email', before: 'Ada@X.org', after: 'Ada@Y.org' },
      { field: 'organization', before: 'Hill', after: 'Dale Fund' },
    ]);
  });

  it('names the user of a request whose body arrives well after its head', async () => {
    const { admin, client } = await company();
    const id = (await client.post('/api/grants', grantBody)).json<{ id: number }>().id;
    const url = await listenOnFreePort(app);
    const body = JSON.stringify({ amount: 60000 });
    // The head goes first; the body comes later, in its own packet, once the hooks have run.
    const bodyAwaited = new Promise<void>((resolve) => {
      onBodyAwaited = (path) => path === `/api/grants/${id}` && resolve();
    });
    const request = await openRawRequest(url, {
      method: 'PATCH',
      path: `/api/grants/${id}`,
      headers: {
        cookie: admin.cookie,
        origin: TEST_APP_URL,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        connection: 'close',
      },
    });
    await bodyAwaited;
    onBodyAwaited = () => {};
    await request.write(body);
    expect(statusOf(await request.answer)).toBe(200);
    const { entries } = await history(client, 'grant', id);
    expect(entries[0]).toMatchObject({ action: 'updated', actorName: admin.user.name });
  });

  it('names the member who made each change, and keeps the name once they are removed', async () => {
    const { admin, client } = await company();
    const member = await addMember(app, admin.user.companyId);
    const memberClient = clientFor(app, member.cookie);
    const contact = (
      await memberClient.post('/api/contacts', { name: 'Ada', email: 'a@x.org' })
    ).json<{ id: number }>();
    await client.patch(`/api/contacts/${contact.id}`, { phone: '555-0100' });
    expect((await client.delete(`/api/organization/users/${member.user.id}`)).statusCode).toBe(204);

    const { entries } = await history(client, 'contact', contact.id);
    expect(entries.map((e) => [e.action, e.actorName])).toEqual([
      ['updated', admin.user.name],
      ['created', member.user.name],
    ]);
  });

  it('writes an entry for every row of an import and for the interactions a contact delete takes along', async () => {
    const { client, admin } = await company();
    const { payload, headers } = multipartFile('name,email\nAda,a@x.org\nBen,b@x.org\n');
    const upload = await app.inject({
      method: 'POST',
      url: '/api/contacts/upload',
      payload,
      headers: { ...headers, cookie: admin.cookie },
    });
    expect(upload.json()).toMatchObject({ created: 2 });
    const [ada] = (await client.get('/api/contacts?q=ada')).json<{ id: number }[]>();
    const adaId = ada?.id as number;
    expect((await history(client, 'contact', adaId)).entries[0]).toMatchObject({
      action: 'created',
      actorName: admin.user.name,
      title: 'Ada',
    });
    const interaction = (
      await client.post('/api/interactions', {
        contactId: adaId,
        type: 'call',
        notes: 'Spoke',
        date: '2026-05-04',
      })
    ).json<{ id: number }>();
    expect((await client.delete(`/api/contacts/${adaId}`)).statusCode).toBe(204);
    const interactionHistory = await history(client, 'interaction', interaction.id);
    expect(interactionHistory.entries.map((e) => [e.action, e.title])).toEqual([
      ['deleted', 'Ada'],
      ['created', 'Ada'],
    ]);
  });

  it("a contact's rename is its own change, not one of each of its interactions", async () => {
    const { client } = await company();
    const contact = (await client.post('/api/contacts', { name: 'Ada', email: 'a@x.org' })).json<{
      id: number;
    }>();
    const interaction = (
      await client.post('/api/interactions', {
        contactId: contact.id,
        type: 'call',
        notes: 'Spoke',
        date: '2026-05-04',
      })
    ).json<{ id: number }>();
    await client.patch(`/api/contacts/${contact.id}`, { name: 'Ada King' });
    expect((await history(client, 'interaction', interaction.id)).total).toBe(1);
    expect((await history(client, 'contact', contact.id)).entries[0]?.changes).toEqual([
      { field: 'name', before: 'Ada', after: 'Ada King' },
    ]);
  });

  it("a funder merged into another shows in the kept funder's history, naming the funder merged", async () => {
    const { admin, client } = await company();
    await client.post('/api/grants', { ...grantBody, funder: 'Hill Fdn' });
    await client.post('/api/grants', { ...grantBody, funder: 'Hill Foundation' });
    const funders = (await client.get('/api/funders?sort=name')).json<
      { id: number; name: string }[]
    >();
    const idOf = (name: string) => funders.find((f) => f.name === name)?.id ?? 0;
    const [from, into] = [idOf('Hill Fdn'), idOf('Hill Foundation')];
    await client.patch(`/api/funders/${from}`, { type: 'foundation' });

    const merged = await client.post(`/api/funders/${from}/merge`, { intoId: into });
    expect(merged.statusCode, merged.body).toBe(200);
    const { entries, total } = await history(client, 'funder', into);
    // Newest first: the type it took from the merged funder, the merge, its creation.
    expect(entries.map((e) => e.action)).toEqual(['updated', 'merged', 'created']);
    expect(total).toBe(3);
    expect(entries[1]).toMatchObject({
      entity: 'funder',
      entityId: into,
      action: 'merged',
      actorId: admin.user.id,
      actorName: admin.user.name,
      title: 'Hill Foundation',
      changes: [{ field: 'name', before: 'Hill Fdn', after: 'Hill Foundation' }],
    });
    expect(entries[0]?.changes).toEqual([{ field: 'type', before: null, after: 'foundation' }]);
    // The company's latest changes show it too; the merged funder's own history ends deleted.
    const latest = (await client.get('/api/activity')).json<ActivityEntry[]>();
    expect(latest.map((e) => [e.action, e.entity, e.entityId])).toContainEqual([
      'merged',
      'funder',
      into,
    ]);
    expect((await history(client, 'funder', from)).entries[0]?.action).toBe('deleted');
  });

  it("shows the company's latest changes to its admins only, and never another company's", async () => {
    const { admin, client } = await company();
    await client.post('/api/contacts', { name: 'Ada', email: 'a@x.org' });
    const other = await company();
    await other.client.post('/api/contacts', { name: 'Zed', email: 'z@x.org' });

    const latest = await client.get('/api/activity');
    expect(latest.statusCode).toBe(200);
    expect(latest.json<ActivityEntry[]>().map((e) => e.title)).toEqual(['Ada']);

    const member = await addMember(app, admin.user.companyId);
    const asMember = await clientFor(app, member.cookie).get('/api/activity');
    expect(asMember.statusCode).toBe(403);

    // Another company's record id answers an empty history, not its entries.
    const zed = (await other.client.get('/api/contacts')).json<{ id: number }[]>()[0];
    expect(await history(client, 'contact', zed?.id as number)).toEqual({ entries: [], total: 0 });
  });

  it.each([
    ['entity=contact', 'Give both entity and id, or neither'],
    ['id=3', 'Give both entity and id, or neither'],
    ['entity=user&id=1', 'Entity must be one of'],
    ['entity=contact&id=0', 'Invalid id'],
    ['entity=contact&id=1&limit=101', 'Limit must be at most 100'],
  ])('answers 400 for %s', async (query, message) => {
    const { client } = await company();
    const response = await client.get(`/api/activity?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('stamps a change that waited on another with the time it was written, after the one it waited for', async () => {
    const { admin, client } = await company();
    const id = (await client.post('/api/grants', grantBody)).json<{ id: number }>().id;
    const { inCompany } = await import('../../src/server/db/scope.ts');
    const { sql } = await import('drizzle-orm');
    // A transaction that began before the request's change, and changes the grant after it.
    await inCompany(app.db, admin.user.companyId, async (tx) => {
      await tx.execute(sql`SELECT 1`);
      expect((await client.patch(`/api/grants/${id}`, { notes: 'first' })).statusCode).toBe(200);
      await tx.execute(sql`UPDATE grants SET notes = 'second' WHERE id = ${id}`);
    });
    const { entries } = await history(client, 'grant', id);
    const [second, first] = entries;
    expect(second?.changes).toEqual([{ field: 'notes', before: 'first', after: 'second' }]);
    expect(first?.changes).toEqual([{ field: 'notes', before: null, after: 'first' }]);
    expect(Date.parse(second?.createdAt ?? '')).toBeGreaterThan(Date.parse(first?.createdAt ?? ''));
  });

  it('offers no way to change or delete an entry, and the database refuses the tenant role', async () => {
    const { admin, client } = await company();
    await client.post('/api/contacts', { name: 'Ada', email: 'a@x.org' });
    expect((await client.delete('/api/activity')).statusCode).toBe(404);
    expect((await client.patch('/api/activity', {})).statusCode).toBe(404);
    const { inCompany } = await import('../../src/server/db/scope.ts');
    const { sql } = await import('drizzle-orm');
    const refused = (statement: ReturnType<typeof sql>) =>
      inCompany(app.db, admin.user.companyId, (tx) => tx.execute(statement)).then(
        () => 'done',
        (error: Error) => String(error.cause ?? error),
      );
    expect(await refused(sql`DELETE FROM activity`)).toMatch(/permission denied/);
    expect(await refused(sql`UPDATE activity SET title = 'forged'`)).toMatch(/permission denied/);
  });
});

describe('records carry when they were created and changed, and who created them', () => {
  it('answers createdAt, updatedAt and createdBy on every kind of record, in lists and alone', async () => {
    const { admin, client } = await company();
    const member = await addMember(app, admin.user.companyId);
    const memberClient = clientFor(app, member.cookie);
    const started = Date.now();
    const grant = (await memberClient.post('/api/grants', grantBody)).json();
    const contact = (await client.post('/api/contacts', { name: 'Ada', email: 'a@x.org' })).json();
    const made = [
      [grant, member.user.id],
      [contact, admin.user.id],
      [
        (
          await client.post('/api/interactions', {
            contactId: contact.id,
            type: 'call',
            notes: 'n',
            date: '2026-05-04',
          })
        ).json(),
        admin.user.id,
      ],
      [
        (
          await client.post('/api/opportunities', {
            name: 'O',
            organization: 'Arts Council',
            amount: 1,
            stage: 'prospecting',
            expectedCloseDate: '2027-01-01',
          })
        ).json(),
        admin.user.id,
      ],
      [
        (
          await client.post(`/api/grants/${grant.id}/tasks`, {
            name: 'T',
            description: 'd',
            category: 'research',
            dueDate: '2027-01-01',
          })
        ).json(),
        admin.user.id,
      ],
      [
        (
          await memberClient.post(`/api/grants/${grant.id}/requirements`, {
            name: 'R',
            type: 'budget',
            dueDate: '2027-01-01',
          })
        ).json(),
        member.user.id,
      ],
    ] as const;
    for (const [record, by] of made) {
      expect(record.createdBy, JSON.stringify(record)).toBe(by);
      expect(Date.parse(record.createdAt)).toBeGreaterThanOrEqual(started - 1000);
      expect(record.updatedAt).toBe(record.createdAt);
    }
    // Funders are made by the database from the names in use, in the same transaction.
    const [funder] = (await client.get('/api/funders?q=Hill')).json();
    expect(funder.createdBy).toBe(member.user.id);

    // A change moves updatedAt on, and keeps when and by whom the record was created.
    await until(() => Date.now() > Date.parse(grant.updatedAt), 'the clock to pass updatedAt');
    const changed = (await client.patch(`/api/grants/${grant.id}`, { amount: 2 })).json();
    expect(changed.createdAt).toBe(grant.createdAt);
    expect(changed.createdBy).toBe(member.user.id);
    expect(Date.parse(changed.updatedAt)).toBeGreaterThan(Date.parse(grant.updatedAt));
    const [listed] = (await client.get('/api/grants')).json();
    expect(listed).toMatchObject({
      createdAt: grant.createdAt,
      updatedAt: changed.updatedAt,
      createdBy: member.user.id,
    });
  });
});
