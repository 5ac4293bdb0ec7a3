import { afterAll, describe, expect, it } from 'vitest';
import type { Funder } from '../../src/domain/funders.ts';
import { registerCompany } from '../helpers/factories.ts';
import { asOwner, runMigrationAgain } from '../helpers/migrations.ts';
import { type Client, clientFor, createdId } from '../helpers/requests.ts';
import { buildTestApp } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const database = await createTestDatabase();
const app = await buildTestApp({ database: { kind: 'server', url: database.url } });
afterAll(async () => {
  await app.close();
  await database.drop();
});

const owner = <Row = unknown>(text: string, values: unknown[] = []) =>
  asOwner<Row>(database.url, text, values);
const cleanNames = () => runMigrationAgain(database.url, '0033_names_written_as_now');

const grant = (name: string, funder: string) => ({
  name,
  funder,
  amount: 1_000,
  dueDate: '2027-03-01T17:00:00.000Z',
  status: 'draft',
});

/** What the migration may change, and what it must not: each record's version, the history. */
const everything = async (client: Client) => ({
  funders: (await client.get('/api/funders')).json<Funder[]>(),
  grants: (await client.get('/api/grants?sort=name')).json(),
  contacts: (await client.get('/api/contacts')).json(),
  opportunities: (await client.get('/api/opportunities')).json(),
  history: await owner('SELECT id FROM activity ORDER BY id'),
});

describe('names stored before the rules of one-line text', () => {
  it('are written as now, funders of one name merged, as no one’s edit; run again, nothing changes', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    const hope = await createdId(client, '/api/grants', grant('Reading Rooms', 'Hope Trust'));
    const pasted = await createdId(client, '/api/grants', grant('Night School', 'Pasted'));
    const cafe = await createdId(client, '/api/grants', grant('Garden', 'Café'));
    const ada = await createdId(client, '/api/contacts', {
      name: 'Ada',
      email: 'ada@example.org',
      organization: 'Decomposed',
    });
    const blank = await createdId(client, '/api/contacts', {
      name: 'Blank',
      email: 'blank@example.org',
      organization: 'Nothing',
    });
    const talk = await createdId(client, '/api/opportunities', {
      name: 'Talk',
      organization: 'Joined',
      amount: 5_000,
      stage: 'prospecting',
      expectedCloseDate: '2027-05-01T00:00:00.000Z',
    });
    const task = await createdId(client, `/api/grants/${hope}/tasks`, {
      name: 'Report',
      description: 'Write it',
      category: 'submission',
      dueDate: '2027-02-01T12:00:00.000Z',
    });
    // As the API kept them before: a zero-width space after a name, a word joiner before one,
    // a decomposed é, no-break spaces, a control that turns the text around, nothing visible.
    await owner(
      `UPDATE funders SET type = 'foundation' WHERE name = 'Hope Trust';
       UPDATE grants SET funder = E'Hope Trust\\u200b' WHERE id = ${pasted};
       UPDATE funders SET website = 'https://hope.example', notes = 'Rural', type = 'corporate'
        WHERE name = E'Hope Trust\\u200b';
       UPDATE opportunities SET organization = E'\\u2060hope trust', name = E'Talk\\u00a0one\\u00a0'
        WHERE id = ${talk};
       UPDATE contacts SET organization = E'Cafe\\u0301', name = E'\\u00a0Ada\\u00a0Lovelace\\u200b',
        phone = E'\\u202a+44 20 7946 0000\\u202c' WHERE id = ${ada};
       UPDATE contacts SET organization = E'\\u200b' WHERE id = ${blank};
       UPDATE grant_tasks SET name = E'Report\\u202e' WHERE id = ${task};
       DELETE FROM funders WHERE name IN ('Pasted', 'Decomposed', 'Joined', 'Nothing');`,
    );
    const before = await everything(client);
    expect(before.funders.map((f) => f.name).sort()).toEqual(
      ['\u200b', '\u2060hope trust', 'Cafe\u0301', 'Café', 'Hope Trust', 'Hope Trust\u200b'].sort(),
    );
    const versions = async () =>
      owner(
        `SELECT 'grant' AS kind, id, updated_at FROM grants UNION ALL
         SELECT 'contact', id, updated_at FROM contacts UNION ALL
         SELECT 'opportunity', id, updated_at FROM opportunities UNION ALL
         SELECT 'task', id, updated_at FROM grant_tasks ORDER BY 1, 2`,
      );
    const versionsBefore = await versions();

    await cleanNames();

    const after = await everything(client);
    const counts = new Map(
      after.funders.map((f) => [f.name, [f.grantCount, f.opportunityCount, f.contactCount]]),
    );
    expect(counts).toEqual(
      new Map([
        ['\u200b', [0, 0, 1]],
        ['Café', [1, 0, 1]],
        ['Hope Trust', [2, 1, 0]],
      ]),
    );
    // The one already written as now is kept, and takes what only the other had.
    expect(after.funders.find((f) => f.name === 'Hope Trust')).toMatchObject({
      type: 'foundation',
      website: 'https://hope.example',
      notes: 'Rural',
    });
    const byFunder = (await client.get('/api/grants?funder=Hope%20Trust')).json<{ id: number }[]>();
    expect(byFunder.map((g) => g.id).sort()).toEqual([hope, pasted].sort());
    expect((await client.get(`/api/grants/${cafe}`)).json().funder).toBe('Café');
    expect((await client.get(`/api/contacts/${ada}`)).json()).toMatchObject({
      name: 'Ada Lovelace',
      organization: 'Café',
      phone: '+44 20 7946 0000',
    });
    expect((await client.get(`/api/contacts/${blank}`)).json().organization).toBe('\u200b');
    expect((await client.get(`/api/opportunities/${talk}`)).json()).toMatchObject({
      name: 'Talk one',
      organization: 'hope trust',
    });
    const tasks = (await client.get(`/api/grants/${hope}/tasks`)).json<{ name: string }[]>();
    expect(tasks.map((t) => t.name)).toEqual(['Report']);
    // A search for the composed name finds the contact stored decomposed.
    const found = (await client.get('/api/contacts?q=caf%C3%A9')).json<{ id: number }[]>();
    expect(found.map((c) => c.id)).toEqual([ada]);
    expect(await versions()).toEqual(versionsBefore);
    expect(after.history).toEqual(before.history);

    await cleanNames();
    expect(await everything(client)).toEqual(after);
  });
});

describe('names stored before marks of direction were trimmed and spaces in a row made one', () => {
  it('are written as now (migration 0050), funders of one name merged, as no one’s edit', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    const hope = await createdId(client, '/api/grants', grant('Reading Rooms', 'Hope Trust'));
    const marked = await createdId(client, '/api/grants', grant('Night School', 'Marked'));
    const beta = await createdId(client, '/api/grants', grant('Garden', 'Beta Fund'));
    const spaced = await createdId(client, '/api/grants', grant('Orchard', 'Spaced'));
    const ada = await createdId(client, '/api/contacts', {
      name: 'Ada',
      email: 'ada@example.org',
      organization: 'Hope Trust',
    });
    // As the API kept them before: a right-to-left mark after a funder (a phone's copy), spaces
    // in a row, a left-to-right mark before a contact's name.
    await owner(
      `UPDATE grants SET funder = E'Hope Trust\\u200f' WHERE id = ${marked};
       UPDATE funders SET website = 'https://hope.example' WHERE name = E'Hope Trust\\u200f';
       UPDATE grants SET funder = 'Beta   Fund', name = 'Orchard  Two' WHERE id = ${spaced};
       UPDATE contacts SET name = E'\\u200eAda  Lovelace\\u061c' WHERE id = ${ada};
       DELETE FROM funders WHERE name IN ('Marked', 'Spaced');`,
    );
    const before = await everything(client);
    expect(before.funders.map((f) => f.name).sort()).toEqual(
      ['Beta   Fund', 'Beta Fund', 'Hope Trust', 'Hope Trust\u200f'].sort(),
    );

    await runMigrationAgain(database.url, '0050_names_written_as_now_again');

    const after = await everything(client);
    expect(after.funders.map((f) => [f.name, f.grantCount, f.contactCount])).toEqual([
      ['Beta Fund', 2, 0],
      ['Hope Trust', 2, 1],
    ]);
    expect(after.funders.find((f) => f.name === 'Hope Trust')?.website).toBe(
      'https://hope.example',
    );
    const byFunder = (await client.get('/api/grants?funder=Hope%20Trust')).json<{ id: number }[]>();
    expect(byFunder.map((g) => g.id).sort()).toEqual([hope, marked].sort());
    expect((await client.get(`/api/grants/${spaced}`)).json()).toMatchObject({
      name: 'Orchard Two',
      funder: 'Beta Fund',
    });
    expect((await client.get(`/api/contacts/${ada}`)).json().name).toBe('Ada Lovelace');
    expect((await client.get(`/api/grants/${beta}`)).json().funder).toBe('Beta Fund');
    // No one's edit: every version and the history as they were.
    expect(after.grants).toEqual(
      (before.grants as { id: number; updatedAt: string }[]).map((g) =>
        expect.objectContaining({ id: g.id, updatedAt: g.updatedAt }),
      ),
    );
    expect(after.history).toEqual(before.history);

    await runMigrationAgain(database.url, '0050_names_written_as_now_again');
    expect(await everything(client)).toEqual(after);
  });
});
