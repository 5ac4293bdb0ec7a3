import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { IF_MATCH_FORMAT } from '../../src/server/lib/replies.ts';
import { NO_IF_MATCH_HERE } from '../../src/server/plugins/route-bodies.ts';
import { registerCompany } from '../helpers/factories.ts';
import { type Client, clientFor, createdId } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

type Body = Record<string, unknown>;

/** A new company's admin: a client, and a PATCH and a DELETE that can send If-Match. */
async function newCompany() {
  const { cookie } = await registerCompany(app);
  const client = clientFor(app, cookie);
  const patch = (url: string, payload: Body, ifMatch?: string) =>
    app.inject({
      method: 'PATCH',
      url,
      headers: { cookie, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
      payload,
    });
  const remove = (url: string, ifMatch: string) =>
    app.inject({ method: 'DELETE', url, headers: { cookie, 'if-match': ifMatch } });
  return { client, cookie, patch, remove };
}

const grantBody = {
  name: 'Literacy for All',
  funder: 'River Trust',
  amount: 25_000,
  dueDate: '2027-03-01T17:00:00.000Z',
  status: 'draft',
};

/** Reads one record of a list at `list` (tasks and requirements have no GET of their own). */
const fromList = async (client: Client, list: string, id: number) => {
  const record = (await client.get(list)).json<Body[]>().find((row) => row.id === id);
  if (!record) throw new Error(`no record ${id} in ${list}`);
  return record;
};

interface Kind {
  noun: string;
  /** Makes a record; answers its URL and how to read it back. */
  create: (client: Client) => Promise<{ url: string; read: () => Promise<Body> }>;
  /** Two different edits of one field. */
  edits: [Body, Body];
}

const readOwn = (client: Client, url: string) => async () => (await client.get(url)).json<Body>();

const kinds: Kind[] = [
  {
    noun: 'contact',
    create: async (client) => {
      const url = `/api/contacts/${await createdId(client, '/api/contacts', { name: 'Ada', email: 'ada@x.org' })}`;
      return { url, read: readOwn(client, url) };
    },
    edits: [{ name: 'Ada King' }, { name: 'Ada Lovelace' }],
  },
  {
    noun: 'interaction',
    create: async (client) => {
      const contactId = await createdId(client, '/api/contacts', { name: 'Bo', email: 'bo@x.org' });
      const id = await createdId(client, '/api/interactions', {
        contactId,
        type: 'call',
        notes: 'Budget',
        date: '2027-01-05T10:00:00.000Z',
      });
      const url = `/api/interactions/${id}`;
      return { url, read: readOwn(client, url) };
    },
    edits: [{ notes: 'Timeline' }, { notes: 'Staffing' }],
  },
  {
    noun: 'grant',
    create: async (client) => {
      const url = `/api/grants/${await createdId(client, '/api/grants', grantBody)}`;
      return { url, read: readOwn(client, url) };
    },
    edits: [{ name: 'Literacy+' }, { name: 'Reading for All' }],
  },
  {
    noun: 'opportunity',
    create: async (client) => {
      const id = await createdId(client, '/api/opportunities', {
        name: 'Capital campaign',
        organization: 'Hill Foundation',
        amount: 50_000,
        stage: 'proposal',
        expectedCloseDate: '2027-01-15T00:00:00.000Z',
      });
      const url = `/api/opportunities/${id}`;
      return { url, read: readOwn(client, url) };
    },
    edits: [{ amount: 60_000 }, { amount: 40_000 }],
  },
  {
    noun: 'task',
    create: async (client) => {
      const grant = `/api/grants/${await createdId(client, '/api/grants', grantBody)}`;
      const id = await createdId(client, `${grant}/tasks`, {
        name: 'Draft budget',
        description: 'Year one',
        category: 'proposal',
        dueDate: '2027-02-01T12:00:00.000Z',
        status: 'pending',
      });
      return { url: `${grant}/tasks/${id}`, read: () => fromList(client, `${grant}/tasks`, id) };
    },
    edits: [{ status: 'in-progress' }, { status: 'completed' }],
  },
  {
    noun: 'requirement',
    create: async (client) => {
      const grant = `/api/grants/${await createdId(client, '/api/grants', grantBody)}`;
      const id = await createdId(client, `${grant}/requirements`, {
        name: 'Year-one report',
        type: 'interim_report',
        dueDate: '2027-06-30T00:00:00.000Z',
        status: 'pending',
      });
      return {
        url: `${grant}/requirements/${id}`,
        read: () => fromList(client, `${grant}/requirements`, id),
      };
    },
    edits: [{ notes: 'Outcomes' }, { notes: 'Spending' }],
  },
  {
    noun: 'funder',
    create: async (client) => {
      await createdId(client, '/api/grants', { ...grantBody, funder: 'Ocean Fund' });
      const [funder] = (await client.get('/api/funders?q=Ocean')).json<{ id: number }[]>();
      const url = `/api/funders/${funder?.id}`;
      return { url, read: readOwn(client, url) };
    },
    edits: [{ notes: 'Meets in spring' }, { notes: 'Meets in autumn' }],
  },
];

describe.each(kinds)(
  'changing a $noun someone else changed since it was read',
  ({ noun, create, edits: [mine, theirs] }) => {
    it('is refused with 412, the version now in ETag, and changes nothing', async () => {
      const { client, patch } = await newCompany();
      const { url, read } = await create(client);
      const seen = await read();
      const other = await patch(url, theirs, `"${seen.updatedAt}"`);
      expect(other.statusCode, other.body).toBe(200);
      const afterTheirs = other.json<Body>();
      expect(Date.parse(String(afterTheirs.updatedAt))).toBeGreaterThan(
        Date.parse(String(seen.updatedAt)),
      );

      const late = await patch(url, mine, `"${seen.updatedAt}"`);
      expect(late.statusCode).toBe(412);
      expect(late.json()).toEqual({
        message: `This ${noun} has changed since you read it: read it again, then make your change.`,
      });
      expect(late.headers.etag).toBe(`"${afterTheirs.updatedAt}"`);
      expect(await read()).toMatchObject(afterTheirs);

      // Read again (the ETag), the change is made.
      const retried = await patch(url, mine, String(late.headers.etag));
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject(mine);
    });

    it('and deleting it from the old read are refused with 412; deleted from the new read, it goes', async () => {
      const { client, patch, remove } = await newCompany();
      const { url, read } = await create(client);
      const seen = await read();
      const changed = (await patch(url, theirs)).json<Body>();
      const late = await remove(url, `"${seen.updatedAt}"`);
      expect(late.statusCode).toBe(412);
      expect(late.json()).toEqual({
        message: `This ${noun} has changed since you read it: read it again, then make your change.`,
      });
      expect(late.headers.etag).toBe(`"${changed.updatedAt}"`);
      expect(await read()).toMatchObject(changed);
      const current = await remove(url, String(late.headers.etag));
      // A funder some record still names is not deleted (409), whatever its version.
      expect(current.statusCode, current.body).toBe(noun === 'funder' ? 409 : 204);
    });

    it('keeps its version through a save that changes nothing, so no one else is refused', async () => {
      const { client, patch } = await newCompany();
      const { url, read } = await create(client);
      const saved = (await patch(url, mine)).json<Body>();
      const again = await patch(url, mine, `"${saved.updatedAt}"`);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<Body>().updatedAt).toBe(saved.updatedAt);
      expect((await read()).updatedAt).toBe(saved.updatedAt);

      const other = await patch(url, theirs, `"${saved.updatedAt}"`);
      expect(other.statusCode, other.body).toBe(200);
      expect(other.json()).toMatchObject(theirs);
    });

    it('is made without If-Match, or with *, whatever the record is now', async () => {
      const { client, patch } = await newCompany();
      const { url } = await create(client);
      expect((await patch(url, theirs)).statusCode).toBe(200);
      expect((await patch(url, mine, '*')).json()).toMatchObject(mine);
    });

    it('of two at the same moment from one read, makes one and refuses the other', async () => {
      const { client, patch } = await newCompany();
      const { url, read } = await create(client);
      const seen = `"${(await read()).updatedAt}"`;
      const answers = await Promise.all([patch(url, mine, seen), patch(url, theirs, seen)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412]);
      const made = answers.find((answer) => answer.statusCode === 200)?.json<Body>();
      expect(await read()).toMatchObject(made ?? {});
    });
  },
);

describe('a bulk change that changes nothing', () => {
  it.each([
    ['grants', '/api/grants/bulk-status', { status: 'draft' }],
    ['opportunities', '/api/opportunities/bulk-stage', { stage: 'proposal' }],
  ] as const)('keeps the versions of the %s it names', async (list, url, change) => {
    const { client } = await newCompany();
    const body =
      list === 'grants'
        ? grantBody
        : {
            name: 'Capital campaign',
            organization: 'Hill Foundation',
            amount: 50_000,
            stage: 'proposal',
            expectedCloseDate: '2027-01-15T00:00:00.000Z',
          };
    const id = await createdId(client, `/api/${list}`, body);
    const before = (await client.get(`/api/${list}/${id}`)).json<Body>();
    expect((await client.post(url, { ids: [id], ...change })).statusCode).toBe(200);
    expect((await client.get(`/api/${list}/${id}`)).json<Body>().updatedAt).toBe(before.updatedAt);
  });
});

describe("an interaction's copy of its contact's name", () => {
  it('is no edit of the interaction: a save begun before the contact was renamed goes through', async () => {
    const { client, patch } = await newCompany();
    const contactId = await createdId(client, '/api/contacts', { name: 'Ada', email: 'ada@x.org' });
    const url = `/api/interactions/${await createdId(client, '/api/interactions', {
      contactId,
      type: 'email',
      date: '2026-11-01T10:00:00.000Z',
      notes: 'Sent the proposal',
    })}`;
    const seen = (await client.get(url)).json<Body>();
    expect(
      (await client.patch(`/api/contacts/${contactId}`, { name: 'Ada Lovelace' })).statusCode,
    ).toBe(200);
    const renamed = (await client.get(url)).json<Body>();
    expect(renamed).toMatchObject({ contactName: 'Ada Lovelace', updatedAt: seen.updatedAt });

    const saved = await patch(
      url,
      { notes: 'Sent the proposal, and the budget' },
      `"${seen.updatedAt}"`,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      contactName: 'Ada Lovelace',
      notes: 'Sent the proposal, and the budget',
    });
  });
});

describe('If-Match on a change', () => {
  it('is described on every change to a record with a version, with its 412', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          'patch' | 'delete',
          { parameters?: { in: string; name: string }[]; responses: object }
        >
      >;
    }>();
    const versioned = [
      '/api/contacts/{id}',
      '/api/interactions/{id}',
      '/api/grants/{id}',
      '/api/opportunities/{id}',
      '/api/funders/{id}',
      '/api/grants/{grantId}/tasks/{taskId}',
      '/api/grants/{grantId}/requirements/{requirementId}',
    ];
    for (const path of versioned) {
      for (const method of ['patch', 'delete'] as const) {
        const change = spec.paths[path]?.[method];
        expect(change?.parameters, `${method} ${path}`).toContainEqual(
          expect.objectContaining({ in: 'header', name: 'if-match' }),
        );
        expect(Object.keys(change?.responses ?? {}), `${method} ${path}`).toContain('412');
      }
    }
  });

  it.each([
    ['no quotes', (at: string) => at],
    ['a quote left open', (at: string) => `"${at}`],
    ['a list with something else in it', (at: string) => `"${at}", yesterday`],
    ['empty', () => ' '],
  ])(
    'is refused with 400 when it is not a list of entity tags (%s), and nothing changes',
    async (_, header) => {
      const { client, patch } = await newCompany();
      const url = `/api/contacts/${await createdId(client, '/api/contacts', { name: 'Ada', email: 'ada@x.org' })}`;
      const before = (await client.get(url)).json<Body>();
      const response = await patch(url, { name: 'Changed' }, header(String(before.updatedAt)));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: IF_MATCH_FORMAT });
      expect((await client.get(url)).json()).toEqual(before);
    },
  );

  it.each([
    ['not a time', () => '"yesterday"'],
    ['a day no calendar has', () => '"2027-02-30T00:00:00.000Z"'],
    ['its version as a weak tag', (at: string) => `W/"${at}"`],
    ['its version without the offset', (at: string) => `"${at.replace('Z', '')}"`],
  ])(
    'is refused with 412 when it names no version (%s), and nothing changes',
    async (_, header) => {
      const { client, patch } = await newCompany();
      const url = `/api/contacts/${await createdId(client, '/api/contacts', { name: 'Ada', email: 'ada@x.org' })}`;
      const before = (await client.get(url)).json<Body>();
      const response = await patch(url, { name: 'Changed' }, header(String(before.updatedAt)));
      expect(response.statusCode).toBe(412);
      expect(response.json().message).toBe(
        'If-Match names no version of this contact: send its updatedAt as you read it, in double quotes ("2026-03-01T09:30:00.000Z"), or *.',
      );
      expect(response.headers.etag).toBe(`"${before.updatedAt}"`);
      expect((await client.get(url)).json()).toEqual(before);
    },
  );

  it("is refused with 412 when it is the hash a GET answers as the record's ETag", async () => {
    const { client, patch } = await newCompany();
    const url = `/api/contacts/${await createdId(client, '/api/contacts', { name: 'Ada', email: 'ada@x.org' })}`;
    const read = await client.get(url);
    const response = await patch(url, { name: 'Changed' }, String(read.headers.etag));
    expect(response.statusCode).toBe(412);
    expect((await client.get(url)).json()).toEqual(read.json());
  });

  it('is met by a list of versions one of which the record has, as RFC 9110 reads a list', async () => {
    const { client, patch } = await newCompany();
    const url = `/api/contacts/${await createdId(client, '/api/contacts', { name: 'Ada', email: 'ada@x.org' })}`;
    const { updatedAt } = (await client.get(url)).json<Body>();
    const stale = await patch(url, { name: 'Stale' }, '"2020-01-01T00:00:00.000Z", W/"x"');
    expect(stale.statusCode).toBe(412);
    const response = await patch(
      url,
      { name: 'Changed' },
      `, "2020-01-01T00:00:00Z" ,, "${updatedAt}",`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Changed' });
  });

  it('is refused with 400 on a change that has no version to compare it with, and nothing changes', async () => {
    const { client, cookie, patch } = await newCompany();
    const profile = (await client.get('/api/organization')).json<Body>();
    const stamp = '"2020-01-01T00:00:00.000Z"';
    const refused = await patch('/api/organization', { industry: 'Changed' }, stamp);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: NO_IF_MATCH_HERE });
    const id = await createdId(client, '/api/contacts', { name: 'Ada', email: 'ada@x.org' });
    const bulk = await app.inject({
      method: 'POST',
      url: '/api/contacts/bulk-delete',
      headers: { cookie, 'if-match': stamp },
      payload: { ids: [id] },
    });
    expect(bulk.statusCode).toBe(400);
    expect((await client.get('/api/organization')).json()).toEqual(profile);
    expect((await client.get(`/api/contacts/${id}`)).statusCode).toBe(200);

    // * asks only that there be something to change: it is taken, as everywhere.
    const any = await patch('/api/organization', { industry: 'Changed' }, '*');
    expect(any.statusCode).toBe(200);
  });

  it("answers 404 for another company's record, whatever version it names", async () => {
    const owner = await newCompany();
    const url = `/api/contacts/${await createdId(owner.client, '/api/contacts', { name: 'Ada', email: 'ada@x.org' })}`;
    const before = (await owner.client.get(url)).json<Body>();
    const stranger = await newCompany();
    for (const version of [`"${before.updatedAt}"`, '"2020-01-01T00:00:00.000Z"']) {
      const response = await stranger.patch(url, { name: 'Mine now' }, version);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Contact not found' });
    }
    expect((await owner.client.get(url)).json()).toEqual(before);
  });
});

describe("a record's version", () => {
  it('moves on by a millisecond at least with every change, even two in one transaction', async () => {
    const { user, cookie } = await registerCompany(app);
    const id = await createdId(clientFor(app, cookie), '/api/contacts', {
      name: 'Ada',
      email: 'ada@x.org',
    });
    const versions = await inCompany(app.db, user.companyId, async (tx) => {
      const change = async (name: string) => {
        const [row] = await rowsOf<{ at: string }>(
          tx,
          sql`UPDATE contacts SET name = ${name} WHERE company_id = ${user.companyId} AND id = ${id}
              RETURNING to_char(updated_at AT TIME ZONE 'UTC', 'HH24:MI:SS.US') AS at`,
        );
        return row?.at ?? '';
      };
      return [await change('Ada King'), await change('Ada Lovelace'), await change('Ada')];
    });
    // now() is the same all through a transaction: the versions still differ, to the millisecond.
    expect(new Set(versions.map((at) => at.slice(0, 12))).size).toBe(3);
    for (const at of versions) expect(at).toMatch(/000$/);
  });
});
