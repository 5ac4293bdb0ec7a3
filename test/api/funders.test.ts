import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startOfDay } from '../../src/domain/due-dates.ts';
import type { Funder, FunderDetail } from '../../src/domain/funders.ts';
import {
  FUNDERS_BEING_CHANGED,
  FUNDERS_IN_USE,
  holdFunderNames,
  shareFunderNames,
} from '../../src/server/db/company-turns.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { holdRow, someoneWaitsOn, whileCommitting } from '../helpers/at-the-same-moment.ts';
import {
  addMember,
  insertContacts,
  insertInteractions,
  registerCompany,
} from '../helpers/factories.ts';
import { analyze, planOf, scansOf, statementsSentBy } from '../helpers/query-plans.ts';
import { type Client, clientFor, multipartFile, setCompanyTimeZone } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

const app = await appForThisFile();

const newCompany = async () => {
  const admin = await registerCompany(app);
  return { admin, client: clientFor(app, admin.cookie) };
};

const grant = (funder: string, extra: Record<string, unknown> = {}) => ({
  name: `Grant from ${funder}`,
  funder,
  amount: 10_000,
  dueDate: '2099-03-01T00:00:00.000Z',
  status: 'draft',
  ...extra,
});
const opportunity = (organization: string) => ({
  name: `Talk with ${organization}`,
  organization,
  amount: 5_000,
  stage: 'prospecting',
  expectedCloseDate: '2099-05-01T00:00:00.000Z',
});
const contact = (organization: string | null, name = 'Grace Hopper') => ({
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.org`,
  organization,
});

/** A grant saved straight into the table, as a transaction of the test's own holds it. */
const insertGrant = (companyId: number, funder: string) =>
  sql`INSERT INTO grants (company_id, name, funder, amount, due_date, status)
      VALUES (${companyId}, ${`Grant from ${funder}`}, ${funder}, 1000, '2099-01-01', 'draft')`;

/** How many of this database's sessions wait for a lock another holds. */
async function blockedBackends() {
  const { rows } = await app.db.$client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND cardinality(pg_blocking_pids(pid)) > 0`,
  );
  return rows[0]?.n ?? 0;
}

async function funderNamed(client: Client, name: string): Promise<Funder> {
  const found = (await client.get(`/api/funders?q=${encodeURIComponent(name)}`)).json<Funder[]>();
  const funder = found.find((f) => f.name.toLowerCase() === name.trim().toLowerCase());
  if (!funder) throw new Error(`no funder named ${name}: ${JSON.stringify(found)}`);
  return funder;
}

describe('funders', () => {
  it('has one funder for each name in use, matched without regard to case and spaces', async () => {
    const { client } = await newCompany();
    expect((await client.post('/api/grants', grant('Hill Foundation'))).statusCode).toBe(201);
    await client.post('/api/grants', grant('  hill foundation '));
    await client.post('/api/opportunities', opportunity('HILL FOUNDATION'));
    await client.post('/api/contacts', contact('Hill Foundation'));
    await client.post('/api/contacts', contact('River Trust', 'Ada Lovelace'));
    await client.post('/api/contacts', contact(null, 'Alan Turing'));

    const list = await client.get('/api/funders');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json()).toEqual([
      expect.objectContaining({
        name: 'Hill Foundation',
        type: null,
        grantCount: 2,
        opportunityCount: 1,
        contactCount: 1,
      }),
      expect.objectContaining({ name: 'River Trust', grantCount: 0, contactCount: 1 }),
    ]);
    // A record saved with a new name later (an edit) adds that funder too.
    const { id } = (await client.get('/api/contacts?q=Alan')).json<{ id: number }[]>()[0] ?? {};
    await client.patch(`/api/contacts/${id}`, { organization: 'Ocean Fund' });
    expect((await client.get('/api/funders?q=ocean')).json()).toEqual([
      expect.objectContaining({ name: 'Ocean Fund', contactCount: 1 }),
    ]);
  });

  it('finds the one funder of a name (?name=), in any case and spacing, among many alike', async () => {
    const { client } = await newCompany();
    for (let i = 1; i <= 25; i += 1) {
      expect((await client.post('/api/grants', grant(`Hill Fund ${i}`))).statusCode).toBe(201);
    }
    expect((await client.post('/api/grants', grant('Hill Fund'))).statusCode).toBe(201);
    const byName = async (name: string) =>
      (await client.get(`/api/funders?name=${encodeURIComponent(name)}&limit=1`)).json<Funder[]>();
    expect((await byName('  hILL fund ')).map((f) => f.name)).toEqual(['Hill Fund']);
    expect((await byName('Hill Fund 25')).map((f) => f.name)).toEqual(['Hill Fund 25']);
    expect(await byName('Hill')).toEqual([]);
    const other = await newCompany();
    expect((await other.client.get('/api/funders?name=Hill%20Fund')).json<Funder[]>()).toEqual([]);
  });

  it('adds the names of an imported file in the same transaction', async () => {
    const { admin } = await newCompany();
    const csv = 'name,email,organization\nA One,a@x.org,Lake Fund\nB Two,b@x.org,lake fund \n';
    const { payload, headers } = multipartFile(csv);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/contacts/upload',
      headers: { ...headers, cookie: admin.cookie },
      payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const client = clientFor(app, admin.cookie);
    expect((await client.get('/api/funders')).json()).toEqual([
      expect.objectContaining({ name: 'Lake Fund', contactCount: 2 }),
    ]);
  });

  it("shows a funder's page: figures, contacts, grants, opportunities, interactions, deadlines", async () => {
    const { client } = await newCompany();
    await client.post(
      '/api/grants',
      grant('Hill Foundation', { amount: 50_000, status: 'awarded' }),
    );
    await client.post(
      '/api/grants',
      grant('Hill Foundation', { amount: 20_000, status: 'rejected' }),
    );
    await client.post(
      '/api/grants',
      // Awarded less than asked: the award counts.
      grant('Hill Foundation', { amount: 30_000, status: 'awarded', awardedAmount: 25_000 }),
    );
    const active = (
      await client.post(
        '/api/grants',
        grant('hill foundation', { amount: 7_000, status: 'submitted' }),
      )
    ).json<{ id: number }>();
    await client.post(`/api/grants/${active.id}/tasks`, {
      name: 'Send budget',
      description: 'The revised budget',
      category: 'submission',
      dueDate: '2099-02-01T00:00:00.000Z',
      status: 'pending',
    });
    const awarded = (
      await client.post('/api/grants', grant('Hill Foundation', { amount: 1, status: 'awarded' }))
    ).json<{ id: number }>();
    for (const [name, status] of [
      ['Final report', 'pending'],
      ['Interim report', 'submitted'],
    ]) {
      await client.post(`/api/grants/${awarded.id}/requirements`, {
        name,
        type: 'final_report',
        dueDate: '2099-01-15T00:00:00.000Z',
        status,
      });
    }
    await client.post('/api/grants', grant('Other Fund', { amount: 99_000, status: 'awarded' }));
    await client.post('/api/opportunities', opportunity('Hill Foundation'));
    const person = (await client.post('/api/contacts', contact('Hill Foundation'))).json<{
      id: number;
    }>();
    await client.post('/api/interactions', {
      contactId: person.id,
      type: 'meeting',
      date: '2026-10-01T10:00:00.000Z',
      notes: 'Site visit',
    });

    const { id } = await funderNamed(client, 'Hill Foundation');
    const page = await client.get(`/api/funders/${id}`);
    expect(page.statusCode).toBe(200);
    const detail = page.json<FunderDetail>();
    expect(detail).toMatchObject({
      name: 'Hill Foundation',
      grantCount: 5,
      requestedTotal: 107_001,
      awardedTotal: 75_001,
      awardedCount: 3,
      rejectedCount: 1,
    });
    expect(detail.winRate).toBeCloseTo(3 / 4);
    expect(detail.contacts.map((c) => c.name)).toEqual(['Grace Hopper']);
    expect(detail.grants).toHaveLength(5);
    expect(detail.opportunities).toHaveLength(1);
    expect(detail.interactions).toEqual([
      expect.objectContaining({ notes: 'Site visit', contactName: 'Grace Hopper' }),
    ]);
    // Decided grants have no deadline left; the active grant, its open task and the awarded
    // grant's pending requirement do (the one submitted is done).
    expect(detail.deadlines).toEqual([
      expect.objectContaining({ kind: 'requirement', title: 'Final report', grantId: awarded.id }),
      expect.objectContaining({ kind: 'task', title: 'Send budget', grantId: active.id }),
      expect.objectContaining({
        kind: 'grant',
        id: active.id,
        dueDate: '2099-03-01T00:00:00.000Z',
      }),
    ]);
  });

  it("counts a funder's upcoming deadlines from the start of the company's day, not of UTC's", async () => {
    // Kiritimati is 14 hours ahead of UTC all year: its day never starts when UTC's does, so a
    // task due just after its midnight and one due just before tell the two days apart.
    const { client } = await newCompany();
    const zone = 'Pacific/Kiritimati';
    await setCompanyTimeZone(client, zone);
    const midnight = startOfDay(new Date(), zone).getTime();
    const { id: grantId } = (
      await client.post('/api/grants', grant('Reef Fund', { status: 'submitted' }))
    ).json<{ id: number }>();
    for (const [name, dueDate] of [
      ['Due this morning', new Date(midnight + 60_000).toISOString()],
      ['Due last night', new Date(midnight - 60_000).toISOString()],
    ]) {
      const task = { name, description: name, category: 'submission', dueDate, status: 'pending' };
      expect((await client.post(`/api/grants/${grantId}/tasks`, task)).statusCode).toBe(201);
    }
    const { id } = await funderNamed(client, 'Reef Fund');
    const { deadlines } = (await client.get(`/api/funders/${id}`)).json<FunderDetail>();
    expect(deadlines.filter((d) => d.kind === 'task').map((d) => d.title)).toEqual([
      'Due this morning',
    ]);

    // Read in another zone (the page sends the reader's, as the dashboard does), from the start
    // of the reader's day: a task is never upcoming here and overdue on the dashboard.
    const reader = 'Pacific/Pago_Pago';
    const readersMidnight = startOfDay(new Date(), reader).getTime();
    const tasksFrom = async (tz: string) =>
      (await client.get(`/api/funders/${id}?tz=${encodeURIComponent(tz)}`))
        .json<FunderDetail>()
        .deadlines.filter((d) => d.kind === 'task')
        .map((d) => d.title);
    const upcomingFor = (from: number) =>
      [
        ['Due last night', midnight - 60_000],
        ['Due this morning', midnight + 60_000],
      ]
        .filter(([, due]) => Number(due) >= from)
        .map(([name]) => name);
    expect(await tasksFrom(reader)).toEqual(upcomingFor(readersMidnight));
    expect(upcomingFor(readersMidnight)).not.toEqual(upcomingFor(midnight));
    const refused = await client.get(`/api/funders/${id}?tz=Mars/Olympus`);
    expect(refused.statusCode).toBe(400);
  });

  it('renames every grant, opportunity and contact that carries the name, in one step', async () => {
    const { client } = await newCompany();
    const g = (await client.post('/api/grants', grant('hill fdn'))).json<{ id: number }>();
    const o = (await client.post('/api/opportunities', opportunity('Hill Fdn '))).json<{
      id: number;
    }>();
    const c = (await client.post('/api/contacts', contact('HILL FDN'))).json<{ id: number }>();
    const other = (await client.post('/api/grants', grant('Other Fund'))).json<{ id: number }>();
    const { id } = await funderNamed(client, 'hill fdn');

    const renamed = await client.patch(`/api/funders/${id}`, {
      name: '  Hill Foundation ',
      type: 'foundation',
      website: 'https://hill.example.org',
      notes: 'Family foundation',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      id,
      name: 'Hill Foundation',
      type: 'foundation',
      website: 'https://hill.example.org',
      grantCount: 1,
      opportunityCount: 1,
      contactCount: 1,
    });
    expect((await client.get(`/api/grants/${g.id}`)).json().funder).toBe('Hill Foundation');
    expect((await client.get(`/api/opportunities/${o.id}`)).json().organization).toBe(
      'Hill Foundation',
    );
    expect((await client.get(`/api/contacts/${c.id}`)).json().organization).toBe('Hill Foundation');
    expect((await client.get(`/api/grants/${other.id}`)).json().funder).toBe('Other Fund');
    // No second funder appeared for the new name.
    expect((await client.get('/api/funders')).headers['x-total-count']).toBe('2');

    // Null clears; a field left out keeps its value.
    const cleared = await client.patch(`/api/funders/${id}`, { website: null, notes: '' });
    expect(cleared.json()).toMatchObject({ type: 'foundation', website: null, notes: null });
  });

  it('matches and renames names beyond ASCII by the key the database keeps', async () => {
    const { client } = await newCompany();
    const g = (await client.post('/api/grants', grant('Élan Fund'))).json<{ id: number }>();
    await client.post('/api/contacts', contact('Élan Fund'));
    const [funder] = (await client.get('/api/funders')).json<Funder[]>();
    expect(funder).toMatchObject({ name: 'Élan Fund', grantCount: 1, contactCount: 1 });
    const detail = (await client.get(`/api/funders/${funder?.id}`)).json<FunderDetail>();
    expect(detail.grants.map((item) => item.id)).toEqual([g.id]);
    await client.patch(`/api/funders/${funder?.id}`, { name: 'Élan Foundation' });
    expect((await client.get(`/api/grants/${g.id}`)).json().funder).toBe('Élan Foundation');
  });

  it('refuses a rename onto another funder, and bad values, changing nothing', async () => {
    const { client } = await newCompany();
    await client.post('/api/grants', grant('Hill Foundation'));
    await client.post('/api/grants', grant('River Trust'));
    const hill = await funderNamed(client, 'Hill Foundation');

    const taken = await client.patch(`/api/funders/${hill.id}`, { name: 'river trust' });
    expect(taken.statusCode).toBe(409);
    const nameTaken =
      'Another funder already has this name: merge the two instead of renaming this one';
    expect(taken.json()).toEqual({
      message: nameTaken,
      issues: [{ path: 'name', message: nameTaken }],
    });
    // A member, who cannot merge, is told who can.
    const admin = (await client.get('/api/user')).json();
    const member = clientFor(app, (await addMember(app, admin.companyId)).cookie);
    const theirs = await member.patch(`/api/funders/${hill.id}`, { name: 'river trust' });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toBe(
      'Another funder already has this name: ask an administrator to merge the two instead of renaming this one',
    );
    for (const body of [
      { name: '' },
      { name: 'x'.repeat(201) },
      { type: 'charity' },
      { website: 'javascript:alert(1)' },
      { name: 'Nul\u0000Name' },
    ]) {
      const refused = await client.patch(`/api/funders/${hill.id}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await client.get(`/api/funders/${hill.id}`)).json()).toMatchObject({
      name: 'Hill Foundation',
      type: null,
      website: null,
    });
    expect((await client.get('/api/funders?sort=-name')).json().map((f: Funder) => f.name)).toEqual(
      ['River Trust', 'Hill Foundation'],
    );
    expect((await client.get('/api/funders?sort=amount')).statusCode).toBe(400);
    expect((await client.get('/api/funders?type=charity')).statusCode).toBe(400);
    expect((await client.get('/api/funders/0')).statusCode).toBe(400);
    expect((await client.get('/api/funders/999999')).json()).toEqual({
      message: 'Funder not found',
    });
  });

  it('merges a funder into another: its records take the other name, and it is gone', async () => {
    const { admin, client } = await newCompany();
    const g = (await client.post('/api/grants', grant('Hill Fdn'))).json<{ id: number }>();
    await client.post('/api/contacts', contact('Hill Fdn'));
    await client.post('/api/grants', grant('Hill Foundation'));
    const from = await funderNamed(client, 'Hill Fdn');
    const into = await funderNamed(client, 'Hill Foundation');
    await client.patch(`/api/funders/${from.id}`, { type: 'foundation', notes: 'Met in May' });

    // A member who is not an admin cannot merge.
    const member = clientFor(app, (await addMember(app, admin.user.companyId)).cookie);
    const forbidden = await member.post(`/api/funders/${from.id}/merge`, { intoId: into.id });
    expect(forbidden.statusCode).toBe(403);

    expect(
      (await client.post(`/api/funders/${from.id}/merge`, { intoId: from.id })).statusCode,
    ).toBe(400);
    for (const body of [
      {},
      { intoId: 'x' },
      { intoId: 2 ** 40 },
      { intoId: 1.5 },
      { intoId: -1 },
    ]) {
      const refused = await client.post(`/api/funders/${from.id}/merge`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const merged = await client.post(`/api/funders/${from.id}/merge`, { intoId: into.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({
      id: into.id,
      name: 'Hill Foundation',
      type: 'foundation',
      notes: 'Met in May',
      grantCount: 2,
      contactCount: 1,
    });
    expect((await client.get(`/api/grants/${g.id}`)).json().funder).toBe('Hill Foundation');
    expect((await client.get(`/api/funders/${from.id}`)).statusCode).toBe(404);
    expect((await client.get('/api/funders')).headers['x-total-count']).toBe('1');
  });

  it('a merge into a funder deleted meanwhile is refused, saying so, and changes nothing', async () => {
    const { client } = await newCompany();
    await client.post('/api/grants', grant('Hill Fdn'));
    const g = (await client.post('/api/grants', grant('Gone Fund'))).json<{ id: number }>();
    const from = await funderNamed(client, 'Hill Fdn');
    const gone = await funderNamed(client, 'Gone Fund');
    await client.patch(`/api/grants/${g.id}`, { funder: 'Hill Fdn' });
    expect((await client.delete(`/api/funders/${gone.id}`)).statusCode).toBe(204);

    const refused = await client.post(`/api/funders/${from.id}/merge`, { intoId: gone.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      message:
        'The funder to merge into no longer exists (merged or deleted meanwhile): choose another',
    });
    expect((await client.get(`/api/funders/${from.id}`)).json()).toMatchObject({ grantCount: 2 });
    // The funder to merge gone is the plain 'not found'.
    const missing = await client.post(`/api/funders/${gone.id}/merge`, { intoId: from.id });
    expect(missing.json()).toEqual({ message: 'Funder not found' });
  });

  it('a merge also renames a record saved with the merged name while it ran', async () => {
    const admin = await registerCompany(app);
    const client = clientFor(app, admin.cookie);
    const held = (await client.post('/api/contacts', contact('Alpha'))).json<{ id: number }>();
    await client.post('/api/grants', grant('Beta'));
    const alpha = await funderNamed(client, 'Alpha');
    const beta = await funderNamed(client, 'Beta');
    // The merge renames the grants, then waits for the contact held here; a grant is saved with
    // the merged name meanwhile, after the merge looked for grants to rename.
    const merged = await whileCommitting(
      app,
      admin.user.companyId,
      (tx) => tx.execute(sql`SELECT 1 FROM contacts WHERE id = ${held.id} FOR UPDATE`),
      () => client.post(`/api/funders/${alpha.id}/merge`, { intoId: beta.id }),
      async () => expect((await client.post('/api/grants', grant('Alpha'))).statusCode).toBe(201),
    );
    expect(merged.statusCode, merged.body).toBe(200);
    const grants = (await client.get('/api/grants')).json<{ funder: string }[]>();
    const funders = (await client.get('/api/funders')).json<Funder[]>();
    expect(grants.map((g) => g.funder)).toEqual(['Beta', 'Beta']);
    expect(funders.map((f) => [f.name, f.grantCount, f.contactCount])).toEqual([['Beta', 2, 1]]);
  });

  it('a merge and an edit of a record it renames, at the same moment, both succeed', async () => {
    const admin = await registerCompany(app);
    const { companyId } = admin.user;
    const client = clientFor(app, admin.cookie);
    const held = (await client.post('/api/contacts', contact('Alpha'))).json<{ id: number }>();
    await client.post('/api/grants', grant('Beta'));
    const alpha = await funderNamed(client, 'Alpha');
    const beta = await funderNamed(client, 'Beta');
    // One transaction holds a contact: the merge renames the grants, then waits for it.
    const contactHeld = await holdRow(app, companyId, 'contacts', held.id);
    const merging = client.post(`/api/funders/${alpha.id}/merge`, { intoId: beta.id });
    await until(() => someoneWaitsOn(app, contactHeld.pid), 'the merge waiting');
    // Meanwhile a grant is saved with the merged name, and someone starts editing it: saving it
    // names its funder again (the trigger of migration 0017).
    const late = (await client.post('/api/grants', grant('Alpha'))).json<{ id: number }>();
    const editing = await holdRow(app, companyId, 'grants', late.id, (tx) =>
      tx.execute(sql`UPDATE grants SET notes = 'Edited meanwhile' WHERE id = ${late.id}`),
    );
    // The merge goes on, and comes to the grant being edited.
    contactHeld.release();
    await contactHeld.done;
    await until(() => someoneWaitsOn(app, editing.pid), 'the merge waiting for the edit');
    editing.release();
    await editing.done;

    const merged = await merging;
    expect(merged.statusCode, merged.body).toBe(200);
    const grants = (await client.get('/api/grants')).json<{ funder: string; notes: string }[]>();
    expect(grants.map((g) => [g.funder, g.notes])).toEqual(
      expect.arrayContaining([
        ['Beta', null],
        ['Beta', 'Edited meanwhile'],
      ]),
    );
    const funders = (await client.get('/api/funders')).json<Funder[]>();
    expect(funders.map((f) => f.name)).toEqual(['Beta']);
  });

  it('deletes a funder no record names any more (administrators), and refuses one still named', async () => {
    const { admin, client } = await newCompany();
    const typo = (await client.post('/api/contacts', contact('Hill Fdn'))).json<{ id: number }>();
    await client.post('/api/grants', grant('Hill Foundation'));
    const orphan = await funderNamed(client, 'Hill Fdn');
    const named = await funderNamed(client, 'Hill Foundation');

    const stillNamed = await client.delete(`/api/funders/${orphan.id}`);
    expect(stillNamed.statusCode).toBe(409);
    expect(stillNamed.json()).toEqual({
      message:
        'Grants, opportunities or contacts still name this funder: merge it into another funder instead',
    });
    // The misspelling corrected on its one record: nothing names the funder now.
    await client.patch(`/api/contacts/${typo.id}`, { organization: 'Hill Foundation' });
    const member = clientFor(app, (await addMember(app, admin.user.companyId)).cookie);
    expect((await member.delete(`/api/funders/${orphan.id}`)).statusCode).toBe(403);
    expect((await client.delete('/api/funders/0')).statusCode).toBe(400);
    expect((await client.get(`/api/funders/${orphan.id}`)).statusCode).toBe(200);

    const deleted = await client.delete(`/api/funders/${orphan.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await client.get(`/api/funders/${orphan.id}`)).statusCode).toBe(404);
    expect((await client.delete(`/api/funders/${orphan.id}`)).json()).toEqual({
      message: 'Funder not found',
    });
    expect((await client.get('/api/funders')).json().map((f: Funder) => f.name)).toEqual([
      'Hill Foundation',
    ]);
    expect((await client.get('/api/funders')).headers['x-total-count']).toBe('1');
    expect((await client.delete(`/api/funders/${named.id}`)).statusCode).toBe(409);
    // The name saved again later makes its funder anew.
    await client.post('/api/grants', grant('Hill Fdn'));
    expect((await funderNamed(client, 'Hill Fdn')).grantCount).toBe(1);
  });

  it('a delete waits for a record being renamed away from the funder, then goes ahead', async () => {
    const admin = await registerCompany(app);
    const client = clientFor(app, admin.cookie);
    const held = (await client.post('/api/contacts', contact('Alpha'))).json<{ id: number }>();
    const alpha = await funderNamed(client, 'Alpha');
    const deleted = await whileCommitting(
      app,
      admin.user.companyId,
      (tx) => tx.execute(sql`UPDATE contacts SET organization = 'Beta' WHERE id = ${held.id}`),
      () => client.delete(`/api/funders/${alpha.id}`),
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    const funders = (await client.get('/api/funders')).json<Funder[]>();
    expect(funders.map((f) => [f.name, f.contactCount])).toEqual([['Beta', 1]]);
  });

  it('a rename waits for a grant being saved with the old name, then renames it too', async () => {
    const admin = await registerCompany(app);
    const client = clientFor(app, admin.cookie);
    await client.post('/api/grants', grant('Alpha'));
    const alpha = await funderNamed(client, 'Alpha');
    // A grant saved with the name, not yet committed, when the rename comes.
    const renamed = await whileCommitting(
      app,
      admin.user.companyId,
      (tx) => tx.execute(insertGrant(admin.user.companyId, 'alpha')),
      () => client.patch(`/api/funders/${alpha.id}`, { name: 'Gamma' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const grants = (await client.get('/api/grants')).json<{ funder: string }[]>();
    expect(grants.map((g) => g.funder)).toEqual(['Gamma', 'Gamma']);
    const funders = (await client.get('/api/funders')).json<Funder[]>();
    expect(funders.map((f) => [f.name, f.grantCount])).toEqual([['Gamma', 2]]);
  });

  it('a rename and a writer of its records at the same moment both go through, in turn', async () => {
    const admin = await registerCompany(app);
    const { companyId } = admin.user;
    const client = clientFor(app, admin.cookie);
    const held = (await client.post('/api/contacts', contact('Alpha'))).json<{ id: number }>();
    const alpha = await funderNamed(client, 'Alpha');
    // Someone edits the contact, and in the same transaction saves a grant with the name: the
    // rename, sent between the two, waits for them (it used to deadlock with the grant's save).
    const writing = await holdRow(app, companyId, 'contacts', held.id, (tx) =>
      tx.execute(insertGrant(companyId, 'Alpha')),
    );
    const renaming = client.patch(`/api/funders/${alpha.id}`, { name: 'Gamma' });
    await until(() => someoneWaitsOn(app, writing.pid), 'the rename waiting for the contact');
    writing.release();
    await writing.done;
    const renamed = await renaming;
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await client.get('/api/grants')).json<{ funder: string }[]>()).toEqual([
      expect.objectContaining({ funder: 'Gamma' }),
    ]);
    const funders = (await client.get('/api/funders')).json<Funder[]>();
    expect(funders.map((f) => [f.name, f.grantCount, f.contactCount])).toEqual([['Gamma', 1, 1]]);
  });

  it('a rename holding its funder, and a contact saved with its name meanwhile, both go through', async () => {
    const admin = await registerCompany(app);
    const { companyId } = admin.user;
    const client = clientFor(app, admin.cookie);
    await client.post('/api/grants', grant('Alpha'));
    await client.post('/api/contacts', contact('Alpha'));
    const alpha = await funderNamed(client, 'Alpha');
    // Someone saving another grant holds the grants' list count: the rename, holding the funder,
    // waits there to count its renamed grants. A contact saved with the old name meanwhile waits
    // for the rename, holding no list's count (it used to hold the contacts', which the rename
    // then waited for: a deadlock).
    let saving: Promise<{ statusCode: number }> | undefined;
    const renamed = await whileCommitting(
      app,
      companyId,
      (tx) => tx.execute(insertGrant(companyId, 'Beta')),
      () => client.patch(`/api/funders/${alpha.id}`, { name: 'Gamma' }),
      async () => {
        saving = client.post('/api/contacts', contact('Alpha', 'Alan Turing'));
        await until(async () => (await blockedBackends()) >= 2, 'the contact waiting');
      },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await saving)?.statusCode).toBe(201);
    const funders = (await client.get('/api/funders')).json<Funder[]>();
    expect(funders.map((f) => [f.name, f.grantCount, f.contactCount])).toEqual([
      ['Alpha', 0, 1],
      ['Beta', 1, 0],
      ['Gamma', 1, 1],
    ]);
  });

  it('a merge, and a write that counts the funders and then a record, both go through', async () => {
    const admin = await registerCompany(app);
    const { companyId } = admin.user;
    const client = clientFor(app, admin.cookie);
    for (const name of ['Alpha', 'Beta', 'Gamma']) await client.post('/api/grants', grant(name));
    const alpha = await funderNamed(client, 'Alpha');
    const beta = await funderNamed(client, 'Beta');
    // Someone edits another funder (counting the funders' list), then saves a grant (counting
    // the grants'); the merge comes between: it counts the funders before the grants too.
    let merging: Promise<{ statusCode: number; body: string }> | undefined;
    await inCompany(app.db, companyId, async (tx) => {
      await tx.execute(sql`UPDATE funders SET notes = 'Edited' WHERE name = 'Gamma'`);
      const [backend] = await rowsOf<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
      merging = client.post(`/api/funders/${alpha.id}/merge`, { intoId: beta.id });
      await until(() => someoneWaitsOn(app, backend?.pid ?? 0), 'the merge waiting');
      await tx.execute(insertGrant(companyId, 'Delta'));
    });
    const merged = await merging;
    expect(merged?.statusCode, merged?.body).toBe(200);
    const funders = (await client.get('/api/funders')).json<Funder[]>();
    expect(funders.map((f) => [f.name, f.grantCount])).toEqual([
      ['Beta', 2],
      ['Delta', 1],
      ['Gamma', 1],
    ]);
  });

  it('a delete waits for a contact being given its name, and then refuses', async () => {
    const admin = await registerCompany(app);
    const client = clientFor(app, admin.cookie);
    const moved = (await client.post('/api/contacts', contact('Beta'))).json<{ id: number }>();
    await client.post('/api/grants', grant('Alpha'));
    const alpha = await funderNamed(client, 'Alpha');
    await client.patch(`/api/grants/${(await client.get('/api/grants')).json()[0].id}`, {
      funder: 'Beta',
    });
    const refused = await whileCommitting(
      app,
      admin.user.companyId,
      (tx) => tx.execute(sql`UPDATE contacts SET organization = 'Alpha' WHERE id = ${moved.id}`),
      () => client.delete(`/api/funders/${alpha.id}`),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect((await funderNamed(client, 'Alpha')).contactCount).toBe(1);
  });

  it("never shows, renames or merges another company's funder", async () => {
    const theirs = await newCompany();
    await theirs.client.post('/api/grants', grant('Secret Fund'));
    const secret = await funderNamed(theirs.client, 'Secret Fund');
    const { client } = await newCompany();
    await client.post('/api/grants', grant('Mine'));
    const mine = await funderNamed(client, 'Mine');

    expect((await client.get('/api/funders')).json().map((f: Funder) => f.name)).toEqual(['Mine']);
    expect((await client.get(`/api/funders/${secret.id}`)).statusCode).toBe(404);
    expect((await client.patch(`/api/funders/${secret.id}`, { name: 'Hacked' })).statusCode).toBe(
      404,
    );
    expect(
      (await client.post(`/api/funders/${mine.id}/merge`, { intoId: secret.id })).statusCode,
    ).toBe(404);
    expect(
      (await client.post(`/api/funders/${secret.id}/merge`, { intoId: mine.id })).statusCode,
    ).toBe(404);
    await theirs.client.patch(
      `/api/grants/${(await theirs.client.get('/api/grants')).json()[0].id}`,
      { funder: 'Other Fund' },
    );
    expect((await client.delete(`/api/funders/${secret.id}`)).statusCode).toBe(404);
    expect((await theirs.client.get(`/api/funders/${secret.id}`)).json()).toMatchObject({
      name: 'Secret Fund',
      grantCount: 0,
    });
    expect((await app.inject({ method: 'GET', url: '/api/funders' })).statusCode).toBe(401);
  });

  const imports = {
    contacts: (i: number, organization: string) => `P ${i},p${i}@x.org,${organization}`,
    grants: (i: number, funder: string) => `G ${i},${funder},100,2027-01-01`,
  };
  const importHeader = {
    contacts: 'name,email,organization',
    grants: 'name,funder,amount,dueDate',
  };

  for (const kind of ['contacts', 'grants'] as const) {
    it(`a rename during an import of ${kind} is refused, changing nothing; after it, renames its records too`, async () => {
      const { admin, client } = await newCompany();
      const { companyId } = admin.user;
      await client.post('/api/contacts', contact('Alpha'));
      const alpha = await funderNamed(client, 'Alpha');
      // Past the first batch, a file of new names, then one row of the funder being renamed.
      const rows = Array.from({ length: 1_500 }, (_, i) => imports[kind](i, 'Zeta'));
      const csv = [importHeader[kind], ...rows, imports[kind](1_500, 'Alpha')].join('\n');
      const { payload, headers } = multipartFile(`${csv}\n`);
      // Someone holds the funder: the import waits there, between two of its batches, having
      // counted its list; the rename comes then (it used to take the funder as the import let
      // it go, and wait for the list's count while the import waited for the funder: deadlock;
      // then it waited for the import, on a pooled connection).
      const uploaded = await whileCommitting(
        app,
        companyId,
        (tx) => tx.execute(sql`SELECT 1 FROM funders WHERE id = ${alpha.id} FOR UPDATE`),
        () =>
          app.inject({
            method: 'POST',
            url: `/api/${kind}/upload`,
            headers: { ...headers, cookie: admin.cookie },
            payload,
          }),
        async () => {
          const refused = await client.patch(`/api/funders/${alpha.id}`, { name: 'Gamma' });
          expect(refused.statusCode, refused.body).toBe(409);
          expect(refused.json()).toEqual({ message: FUNDERS_IN_USE });
        },
      );
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const renamed = await client.patch(`/api/funders/${alpha.id}`, { name: 'Gamma' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const funders = (await client.get('/api/funders')).json<Funder[]>();
      const named = kind === 'contacts' ? [0, 2, 0, 1_500] : [1, 1, 1_500, 0];
      expect(funders.map((f) => [f.name, f.grantCount, f.contactCount])).toEqual([
        ['Gamma', named[0], named[1]],
        ['Zeta', named[2], named[3]],
      ]);
    });
  }

  it('an import while a funder is renamed is refused, importing nothing', async () => {
    const { admin, client } = await newCompany();
    const { companyId } = admin.user;
    await client.post('/api/grants', grant('Alpha'));
    const { payload, headers } = multipartFile('name,email,organization\nAda,ada@x.org,Beta\n');
    await inCompany(app.db, companyId, async (tx) => {
      // A rename under way holds the company's funder names.
      await holdFunderNames(tx, companyId);
      const refused = await app.inject({
        method: 'POST',
        url: '/api/contacts/upload',
        headers: { ...headers, cookie: admin.cookie },
        payload,
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ message: FUNDERS_BEING_CHANGED });
    });
    expect((await client.get('/api/contacts')).json()).toEqual([]);
  });

  it('an edit that keeps the name goes through during an import; a rename is refused', async () => {
    const { admin, client } = await newCompany();
    const { companyId } = admin.user;
    await client.post('/api/grants', grant('Alpha'));
    const alpha = await funderNamed(client, 'Alpha');
    const versioned = (body: Record<string, unknown>, version: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/funders/${alpha.id}`,
        headers: { cookie: admin.cookie, 'if-match': `"${version}"` },
        payload: body,
      });
    await inCompany(app.db, companyId, async (tx) => {
      // An import under way holds the company's funder names.
      await shareFunderNames(tx, companyId);
      // The edit dialog sends the name it shows with the notes.
      const edited = await versioned({ name: 'Alpha', notes: 'Rural' }, alpha.updatedAt);
      expect(edited.statusCode, edited.body).toBe(200);
      const after = edited.json<Funder>();
      const renamed = await versioned({ name: 'Gamma', notes: 'Rural' }, after.updatedAt);
      expect(renamed.statusCode, renamed.body).toBe(409);
      expect(renamed.json()).toEqual({ message: FUNDERS_IN_USE });
    });
    expect((await client.get('/api/grants')).json()).toEqual([
      expect.objectContaining({ funder: 'Alpha' }),
    ]);
  });

  it('two renames to one new name at the same moment: one wins, the other is told', async () => {
    const { client } = await newCompany();
    await client.post('/api/grants', grant('Alpha'));
    await client.post('/api/grants', grant('Beta'));
    const alpha = await funderNamed(client, 'Alpha');
    const beta = await funderNamed(client, 'Beta');
    const answers = await Promise.all([
      client.patch(`/api/funders/${alpha.id}`, { name: 'Gamma' }),
      client.patch(`/api/funders/${beta.id}`, { name: 'gamma' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const grants = (await client.get('/api/grants')).json<{ funder: string }[]>();
    // The loser's grant kept its name: nothing of the refused rename was saved.
    expect(grants.map((g) => g.funder).sort()).toEqual(
      answers[0]?.statusCode === 200 ? ['Beta', 'Gamma'] : ['Alpha', 'gamma'],
    );
  });
});

describe("a funder's newest interactions", () => {
  /**
   * A company of 3,000 interactions, five a day: 'Weekly Trust' is in touch every day (half of
   * them), 'Paper Trust' has 300 contacts and no interaction, 'Bygone Fund' a contact with twelve
   * interactions from two years ago.
   */
  async function companyOfFunders() {
    const { admin, client } = await newCompany();
    const companyId = admin.user.companyId;
    const weekly = await insertContacts(app, companyId, 40, 'Weekly Trust');
    const others = await insertContacts(app, companyId, 40, 'Other Fund');
    await insertContacts(app, companyId, 300, 'Paper Trust');
    const bygone = await insertContacts(app, companyId, 1, 'Bygone Fund');
    await insertInteractions(app, companyId, [...weekly, ...others], 3_000);
    await insertInteractions(app, companyId, bygone, 12, { daysAgo: 730, perDay: 1 });
    await analyze(app, 'interactions', 'contacts');
    /** The page of the funder, the statements it sent that read interactions, and its newest. */
    const pageOf = async (name: string) => {
      const { id } = await funderNamed(client, name);
      let detail: FunderDetail | undefined;
      const sent = await statementsSentBy('interactions', async () => {
        detail = (await client.get(`/api/funders/${id}`)).json<FunderDetail>();
      });
      const newest = await inCompany(app.db, companyId, (tx) =>
        rowsOf<{ id: number }>(
          tx,
          sql`SELECT i.id FROM interactions i
            JOIN contacts c ON c.company_id = i.company_id AND c.id = i.contact_id
            WHERE i.company_id = ${companyId} AND lower(btrim(c.organization)) = lower(${name})
            ORDER BY i.date DESC, i.id DESC LIMIT 10`,
        ),
      );
      expect(detail?.interactions.map((interaction) => interaction.id)).toEqual(
        newest.map((row) => row.id),
      );
      return { companyId, sent, shown: detail?.interactions ?? [] };
    };
    return { companyId, client, pageOf };
  }

  it("finds a funder's contacts, grants and opportunities by its key from an index, not by reading every record of the company", async () => {
    const { companyId, client } = await companyOfFunders();
    await insertContacts(app, companyId, 2_000, 'Elsewhere');
    await analyze(app, 'contacts', 'grants', 'opportunities');
    const { id } = await funderNamed(client, 'Paper Trust');
    for (const url of [`/api/funders/${id}`, '/api/funders?q=paper']) {
      for (const table of ['contacts', 'grants', 'opportunities']) {
        const sent = await statementsSentBy(table, async () => {
          expect((await client.get(url)).statusCode).toBe(200);
        });
        for (const statement of sent) {
          const plan = await planOf(app, companyId, statement, { analyze: true });
          for (const scan of scansOf(plan, table)) {
            // A key computed in the query could not be answered by an index under row-level
            // security: each lookup read the company's 2,381 contacts and left out the others.
            // (The newest 200 interactions' contacts, looked through first, are read by id.)
            expect(scan.removed, `${url} ${table}: ${statement.text}`).toBeLessThanOrEqual(200);
          }
        }
      }
    }
  });

  it("of a funder in touch every week are read from the index in their order, not sorted from all of the company's", async () => {
    const { pageOf } = await companyOfFunders();
    const { companyId, sent, shown } = await pageOf('Weekly Trust');
    expect(shown).toHaveLength(10);
    // Found among the company's newest, read in their order from the index: one statement,
    // which reads no more than those (and sorts no more than those), not the company's 3,000.
    expect(sent).toHaveLength(1);
    const [read] = sent;
    if (!read) throw new Error('no interactions read');
    const scans = scansOf(await planOf(app, companyId, read, { analyze: true }), 'interactions');
    expect(scans.map((scan) => scan.index)).toEqual(['interactions_date_idx']);
    expect(scans[0]?.rows).toBeLessThanOrEqual(200);
  });

  it('of a funder with no interaction, or only old ones, are found without going through every interaction of the company', async () => {
    const { pageOf } = await companyOfFunders();
    for (const [name, count] of [
      ['Paper Trust', 0],
      ['Bygone Fund', 10],
    ] as const) {
      const { companyId, sent, shown } = await pageOf(name);
      expect(shown).toHaveLength(count);
      // Read newest first from the index, the company's interactions would each have had their
      // contact looked up, all 3,000 of them, for a page that is not full by the last one: only
      // the newest 200 are looked through so.
      let newestFirst = 0;
      for (const statement of sent) {
        const plan = await planOf(app, companyId, statement, { analyze: true });
        for (const scan of scansOf(plan, 'interactions')) {
          if (scan.index === 'interactions_date_idx') newestFirst += scan.rows;
        }
      }
      expect(newestFirst).toBeLessThanOrEqual(200);
    }
  });
});
