import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../src/domain/search.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { createSearchRepository } from '../../src/server/modules/search/search.repository.ts';
import {
  insertContacts,
  insertInteractions,
  newCompanyClient,
  registerCompany,
} from '../helpers/factories.ts';
import { analyze } from '../helpers/query-plans.ts';
import { type Client, createdId } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

/** One record of every kind, each carrying `word` somewhere the search looks. */
async function everyKind(client: Client, word: string) {
  const contact = await createdId(client, '/api/contacts', {
    name: `Ada ${word}`,
    email: `ada.${word.toLowerCase()}@x.org`,
  });
  const interaction = await createdId(client, '/api/interactions', {
    contactId: contact,
    type: 'call',
    notes: 'Talked about the spring appeal',
    date: '2026-05-04',
  });
  // The grant's funder becomes a funder record of the same name.
  const grant = await createdId(client, '/api/grants', {
    name: 'Literacy programme',
    funder: `${word} Foundation`,
    amount: 5000,
    dueDate: '2027-01-01',
  });
  const task = await createdId(client, `/api/grants/${grant}/tasks`, {
    name: `Call the ${word} team`,
    description: 'Before the deadline',
    category: 'research',
    dueDate: '2027-01-01',
  });
  const opportunity = await createdId(client, '/api/opportunities', {
    name: `${word} arts partnership`,
    organization: 'Arts Council',
    amount: 1000,
    stage: 'proposal',
    expectedCloseDate: '2027-01-01',
  });
  return { contact, interaction, grant, task, opportunity };
}

const search = async (client: Client, q: string) => {
  const response = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: SearchResult[] }>().results;
};

describe('GET /api/search', () => {
  it('finds every kind of record by a piece of its name, in any case', async () => {
    const client = await newCompanyClient(app);
    const ids = await everyKind(client, 'Lovelace');
    const funder = (await client.get('/api/funders?q=lovelace')).json()[0];

    const results = await search(client, 'OVELA');
    expect(results).toEqual([
      {
        kind: 'contact',
        id: ids.contact,
        title: 'Ada Lovelace',
        detail: 'ada.lovelace@x.org',
        grantId: null,
      },
      { kind: 'funder', id: funder.id, title: 'Lovelace Foundation', detail: null, grantId: null },
      {
        kind: 'grant',
        id: ids.grant,
        title: 'Literacy programme',
        detail: 'Lovelace Foundation',
        grantId: null,
      },
      {
        kind: 'opportunity',
        id: ids.opportunity,
        title: 'Lovelace arts partnership',
        detail: 'Arts Council',
        grantId: null,
      },
      // An interaction is found by its contact's name (or its notes).
      {
        kind: 'interaction',
        id: ids.interaction,
        title: 'Ada Lovelace',
        detail: 'Talked about the spring appeal',
        grantId: null,
      },
      {
        kind: 'task',
        id: ids.task,
        title: 'Call the Lovelace team',
        detail: 'Literacy programme',
        grantId: ids.grant,
      },
    ]);
    expect((await search(client, 'spring appeal')).map((r) => r.kind)).toEqual(['interaction']);
  });

  it('answers the first five of a kind, in name order', async () => {
    const client = await newCompanyClient(app);
    for (const n of [7, 3, 5, 1, 6, 2, 4]) {
      await createdId(client, '/api/contacts', { name: `Member ${n}`, email: `m${n}@x.org` });
    }
    const titles = (await search(client, 'member')).map((r) => r.title);
    expect(titles).toEqual(['Member 1', 'Member 2', 'Member 3', 'Member 4', 'Member 5']);
  });

  it('puts names in alphabetical order, as the lists do, whatever their case or accents', async () => {
    const client = await newCompanyClient(app);
    const names = ['zeta', 'Émile', 'Delta', 'charlie', 'Beta', 'alpha'];
    for (const [n, name] of names.entries()) {
      await createdId(client, '/api/contacts', { name: `${name} Quill`, email: `q${n}@x.org` });
      const grant = await createdId(client, '/api/grants', {
        name: `${name} Quill grant`,
        funder: `${name} Quill Fund`,
        amount: 100,
        dueDate: '2027-01-01',
      });
      await createdId(client, `/api/grants/${grant}/tasks`, {
        name: `${name} Quill task`,
        description: 'Before the deadline',
        category: 'research',
        dueDate: '2027-01-01',
      });
      await createdId(client, '/api/opportunities', {
        name: `${name} Quill partnership`,
        organization: 'Arts Council',
        amount: 1000,
        stage: 'proposal',
        expectedCloseDate: '2027-01-01',
      });
    }
    const results = await search(client, 'quill');
    const firstWords = (kind: SearchResult['kind']) =>
      results.filter((r) => r.kind === kind).map((r) => r.title.split(' ')[0]);
    const firstFive = ['alpha', 'Beta', 'charlie', 'Delta', 'Émile'];
    for (const kind of ['contact', 'funder', 'grant', 'task', 'opportunity'] as const) {
      expect(firstWords(kind), kind).toEqual(firstFive);
    }
  });

  it("never finds another company's records", async () => {
    const other = await newCompanyClient(app);
    await everyKind(other, 'Hopper');
    const client = await newCompanyClient(app);
    expect(await search(client, 'hopper')).toEqual([]);
  });

  it('takes % and _ as the characters they are', async () => {
    const client = await newCompanyClient(app);
    await createdId(client, '/api/contacts', { name: 'Rate 50% off', email: 'p@x.org' });
    await createdId(client, '/api/contacts', { name: 'Rate 500 off', email: 'q@x.org' });
    expect((await search(client, '50%')).map((r) => r.title)).toEqual(['Rate 50% off']);
    expect(await search(client, '5_0')).toEqual([]);
  });

  it("never matches across a record's fields, nor in the grants list", async () => {
    const client = await newCompanyClient(app);
    await createdId(client, '/api/grants', {
      name: 'Literacy',
      funder: 'Hill Trust',
      amount: 5000,
      dueDate: '2027-01-01',
    });
    // The search joins a grant's name and funder with U+001F: sent, it is a space.
    expect(await search(client, 'Literacy\u001fHill')).toEqual([]);
    expect(await search(client, 'acy\tHil')).toEqual([]);
    const listed = await client.get(`/api/grants?q=${encodeURIComponent('Literacy\u001fHill')}`);
    expect(listed.json()).toEqual([]);
    expect((await search(client, 'Literacy')).map((r) => r.title)).toEqual(['Literacy']);
  });

  it.each([
    ['', 'Type at least 3 characters to search'],
    ['ab', 'Type at least 3 characters to search'],
    ['   ab  ', 'Type at least 3 characters to search'],
    ['x'.repeat(201), 'Search is too long'],
  ])('answers 400 for q = %j', async (q, message) => {
    const client = await newCompanyClient(app);
    const response = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('answers 400 without q and 401 without a session', async () => {
    const client = await newCompanyClient(app);
    expect((await client.get('/api/search')).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/search?q=abc' })).statusCode).toBe(401);
  });
});

describe('a search over everything that finds no interaction', () => {
  it("does not go through the company's interactions newest first looking for one", async () => {
    const { user } = await registerCompany(app);
    const companyId = user.companyId;
    // 3,000 interactions, none with the word searched.
    await insertInteractions(app, companyId, await insertContacts(app, companyId, 40), 3_000);
    await analyze(app, 'interactions', 'contacts');
    const search = createSearchRepository(app.db);
    /**
     * The search's results, and how many interactions it looked at on the way from the newest:
     * entries of the index of their dates it read (the search's own, trigram index finds the
     * ones that match; a small table may be read whole).
     */
    const searched = (q: string, { keptPlan = false } = {}) =>
      inCompany(app.db, companyId, async (tx) => {
        // The plan a search keeps after asking the same several times: made for any word.
        if (keptPlan) await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
        const newestFirst = async () => {
          const [row] = await rowsOf<{ entries: string }>(
            tx,
            sql`SELECT pg_stat_get_xact_tuples_returned('interactions_date_idx'::regclass) AS entries`,
          );
          return Number(row?.entries);
        };
        const before = await newestFirst();
        const results = await search.everything(companyId, q, tx);
        return { results, newestFirst: (await newestFirst()) - before };
      });

    // Planned for the word, and with a plan kept for any word (PostgreSQL may keep one after
    // the fifth time): neither goes through the 3,000 from the newest, finding none.
    expect(await searched('zqxj')).toEqual({ results: [], newestFirst: 0 });
    expect(await searched('zqxj', { keptPlan: true })).toEqual({ results: [], newestFirst: 0 });
    // Not that it looks nowhere: an interaction with the word, years old, is found.
    const [contactId] = await insertContacts(app, companyId, 1);
    await inCompany(app.db, companyId, (tx) =>
      tx.execute(sql`INSERT INTO interactions (company_id, contact_id, type, notes, date)
        VALUES (${companyId}, ${contactId}, 'note', 'Zqxj fund', now() - interval '3 years')`),
    );
    const found = await searched('zqxj');
    expect(found.results.map((result) => result.kind)).toContain('interaction');
  });
});
