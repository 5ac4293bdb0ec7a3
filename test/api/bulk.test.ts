import { sql } from 'drizzle-orm';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import type { ActivityEntry } from '../../src/domain/activity.ts';
import { ASSIGNEE_NOT_MEMBER } from '../../src/domain/common.ts';
import type { Grant } from '../../src/domain/grants.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { createRemindersRepository } from '../../src/server/modules/reminders/reminders.repository.ts';
import { someoneWaitsOn } from '../helpers/at-the-same-moment.ts';
import { addMember, newCompanyClient, registerCompany } from '../helpers/factories.ts';
import { asOwner } from '../helpers/migrations.ts';
import { type Client, clientFor, createdId } from '../helpers/requests.ts';
import { appForThisFile, buildTestApp } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { until } from '../helpers/until.ts';

const app = await appForThisFile();

const grant = (client: Client, name: string) =>
  createdId(client, '/api/grants', {
    name,
    funder: 'Hill Fund',
    amount: 1000,
    dueDate: '2027-01-01',
  });

describe('bulk actions', () => {
  it("deletes the chosen contacts in one request, and leaves another company's alone", async () => {
    const client = await newCompanyClient(app);
    const other = await newCompanyClient(app);
    const ids = [];
    for (const n of [1, 2, 3]) {
      ids.push(await createdId(client, '/api/contacts', { name: `C${n}`, email: `c${n}@x.org` }));
    }
    const theirs = await createdId(other, '/api/contacts', { name: 'Theirs', email: 't@x.org' });

    const response = await client.post('/api/contacts/bulk-delete', {
      ids: [ids[0], ids[1], theirs, ids[0]],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ count: 2 });
    expect((await client.get('/api/contacts')).json().map((c: { name: string }) => c.name)).toEqual(
      ['C3'],
    );
    expect((await other.get(`/api/contacts/${theirs}`)).statusCode).toBe(200);
    // Each deleted contact's history says so.
    const history = await client.get(`/api/activity?entity=contact&id=${ids[0]}`);
    expect(history.json<ActivityEntry[]>()[0]?.action).toBe('deleted');
  });

  it("sets the status of the chosen grants, and writes each one's change", async () => {
    const client = await newCompanyClient(app);
    const a = await grant(client, 'A');
    const b = await grant(client, 'B');
    const c = await grant(client, 'C');
    const response = await client.post('/api/grants/bulk-status', {
      ids: [a, b],
      status: 'submitted',
    });
    expect(response.json()).toEqual({ count: 2 });
    const statuses = (await client.get('/api/grants?sort=name'))
      .json()
      .map((g: { status: string }) => g.status);
    expect(statuses).toEqual(['submitted', 'submitted', 'draft']);
    const history = (await client.get(`/api/activity?entity=grant&id=${b}`)).json<
      ActivityEntry[]
    >();
    expect(history[0]?.changes).toEqual([{ field: 'status', before: 'draft', after: 'submitted' }]);
    expect((await client.post('/api/grants/bulk-delete', { ids: [c] })).json()).toEqual({
      count: 1,
    });
  });

  it('awards the chosen grants what each asked for, keeping an award already recorded', async () => {
    const client = await newCompanyClient(app);
    const asked = await grant(client, 'Asked');
    const recorded = await grant(client, 'Recorded');
    await client.patch(`/api/grants/${recorded}`, { awardedAmount: 400 });
    const response = await client.post('/api/grants/bulk-status', {
      ids: [asked, recorded],
      status: 'awarded',
    });
    expect(response.json()).toEqual({ count: 2 });
    const awarded = (await client.get('/api/grants?sort=name'))
      .json()
      .map((g: { name: string; status: string; awardedAmount: number | null }) => [
        g.name,
        g.status,
        g.awardedAmount,
      ]);
    expect(awarded).toEqual([
      ['Asked', 'awarded', 1000],
      ['Recorded', 'awarded', 400],
    ]);
  });

  it('takes back an award of what was asked when the grants are set to another status, not one recorded', async () => {
    const client = await newCompanyClient(app);
    const mistaken = await grant(client, 'Mistaken');
    const recorded = await grant(client, 'Recorded');
    await client.patch(`/api/grants/${recorded}`, {
      awardedAmount: 1000,
      awardedDate: '2027-02-01',
    });
    const ids = [mistaken, recorded];
    await client.post('/api/grants/bulk-status', { ids, status: 'awarded' });
    const rejected = await client.post('/api/grants/bulk-status', { ids, status: 'rejected' });
    expect(rejected.json()).toEqual({ count: 2 });
    const grants = (await client.get('/api/grants?sort=name')).json();
    expect(
      grants.map((g: { name: string; status: string; awardedAmount: number | null }) => [
        g.name,
        g.status,
        g.awardedAmount,
      ]),
    ).toEqual([
      ['Mistaken', 'rejected', null],
      ['Recorded', 'rejected', 1000],
    ]);
  });

  it("one grant's status changed alone changes its award as the bulk action does; with the award given, as given", async () => {
    const client = await newCompanyClient(app);
    const one = await grant(client, 'One');
    const awardOf = async () => (await client.get(`/api/grants/${one}`)).json().awardedAmount;
    await client.patch(`/api/grants/${one}`, { status: 'awarded' });
    expect(await awardOf()).toBe(1000);
    await client.patch(`/api/grants/${one}`, { status: 'draft' });
    expect(await awardOf()).toBeNull();
    await client.patch(`/api/grants/${one}`, { status: 'awarded', awardedAmount: null });
    expect(await awardOf()).toBeNull();
    await client.patch(`/api/grants/${one}`, { awardedAmount: 700 });
    await client.patch(`/api/grants/${one}`, { status: 'rejected' });
    expect(await awardOf()).toBe(700);
    // With a new amount asked: that amount is awarded, and taken back as the prefill it is.
    const other = await grant(client, 'Other');
    await client.patch(`/api/grants/${other}`, { status: 'awarded', amount: 2000 });
    expect((await client.get(`/api/grants/${other}`)).json().awardedAmount).toBe(2000);
    await client.patch(`/api/grants/${other}`, { status: 'draft' });
    expect((await client.get(`/api/grants/${other}`)).json().awardedAmount).toBeNull();
  });

  it('a grant created Awarded with its award left out is awarded what it asks for, as a change to Awarded is; a cleared one stays empty', async () => {
    const client = await newCompanyClient(app);
    const created = async (extra: Record<string, unknown>) => {
      const response = await client.post('/api/grants', {
        name: 'New',
        funder: 'Hill Fund',
        amount: 1000,
        dueDate: '2027-01-01',
        status: 'awarded',
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number; awardedAmount: number | null }>();
    };
    const leftOut = await created({});
    expect(leftOut.awardedAmount).toBe(1000);
    expect((await client.get(`/api/grants/${leftOut.id}`)).json().awardedAmount).toBe(1000);
    // The same as a grant moved to Awarded with nothing said of its award.
    const moved = await grant(client, 'Moved');
    await client.patch(`/api/grants/${moved}`, { status: 'awarded' });
    expect((await client.get(`/api/grants/${moved}`)).json().awardedAmount).toBe(1000);
    // Given, cleared, or with only the award's date given: as given, as for a change.
    expect((await created({ awardedAmount: 800 })).awardedAmount).toBe(800);
    expect((await created({ awardedAmount: null })).awardedAmount).toBeNull();
    expect((await created({ awardedDate: '2027-02-01' })).awardedAmount).toBeNull();
    // Another status has no award of its own.
    expect((await created({ status: 'submitted' })).awardedAmount).toBeNull();
    // Created Awarded, then changed back: the award taken back as any prefill is.
    await client.patch(`/api/grants/${leftOut.id}`, { status: 'draft' });
    expect((await client.get(`/api/grants/${leftOut.id}`)).json().awardedAmount).toBeNull();
  });

  it('an award filled in follows the amount asked for while awarded and goes when the grant leaves Awarded, by one change or many; an award given stays', async () => {
    const client = await newCompanyClient(app);
    const awardOf = async (id: number) =>
      (await client.get(`/api/grants/${id}`)).json<Grant>().awardedAmount;
    const filledIn = async (id: number) =>
      (await client.get(`/api/grants/${id}`)).json<Grant>().awardFilledIn;

    // Awarded with a new amount asked, which is then corrected: the award is corrected with it,
    // and no award nobody entered is left on the draft it goes back to.
    const corrected = await grant(client, 'Corrected');
    await client.patch(`/api/grants/${corrected}`, { status: 'awarded', amount: 2000 });
    await client.patch(`/api/grants/${corrected}`, { amount: 3000 });
    expect(await awardOf(corrected)).toBe(3000);
    expect(await filledIn(corrected)).toBe(true);
    await client.patch(`/api/grants/${corrected}`, { status: 'draft' });
    expect(await awardOf(corrected)).toBeNull();
    expect(await filledIn(corrected)).toBe(false);

    // The same through the bulk action.
    const rejected = await grant(client, 'Rejected');
    await client.post('/api/grants/bulk-status', { ids: [rejected], status: 'awarded' });
    await client.patch(`/api/grants/${rejected}`, { amount: 1500 });
    expect(await awardOf(rejected)).toBe(1500);
    await client.post('/api/grants/bulk-status', { ids: [rejected], status: 'rejected' });
    expect(await awardOf(rejected)).toBeNull();

    // An award typed in, even of just what was asked for, is kept: the amount asked for and the
    // status change around it.
    const typed = await grant(client, 'Typed');
    await client.patch(`/api/grants/${typed}`, { status: 'awarded', awardedAmount: 1000 });
    await client.patch(`/api/grants/${typed}`, { status: 'rejected' });
    await client.post('/api/grants/bulk-status', { ids: [typed], status: 'submitted' });
    await client.patch(`/api/grants/${typed}`, { amount: 1200 });
    expect(await awardOf(typed)).toBe(1000);
    expect(await filledIn(typed)).toBe(false);

    // A filled-in award whose date is then recorded is recorded: it stays too.
    const dated = await grant(client, 'Dated');
    await client.patch(`/api/grants/${dated}`, { status: 'awarded' });
    await client.patch(`/api/grants/${dated}`, { awardedDate: '2027-02-01' });
    await client.post('/api/grants/bulk-status', { ids: [dated], status: 'rejected' });
    expect(await awardOf(dated)).toBe(1000);

    // An award whose date was recorded first, its amount not: Awarded gives it what was asked
    // for, as its recorder's (the date says someone recorded it), so leaving Awarded keeps both.
    const dateFirst = await grant(client, 'Date first');
    await client.patch(`/api/grants/${dateFirst}`, { awardedDate: '2027-02-01' });
    await client.patch(`/api/grants/${dateFirst}`, { status: 'awarded' });
    expect(await awardOf(dateFirst)).toBe(1000);
    expect(await filledIn(dateFirst)).toBe(false);
    await client.post('/api/grants/bulk-status', { ids: [dateFirst], status: 'rejected' });
    expect(await awardOf(dateFirst)).toBe(1000);

    // A change that sends a filled-in award as it is (a client writing back the whole grant it
    // read) gives nothing: the award still goes when the grant leaves Awarded, and clearing a
    // date there is none of changes nothing, its version included.
    const writtenBack = await grant(client, 'Written back');
    await client.patch(`/api/grants/${writtenBack}`, { status: 'awarded' });
    const read = (await client.get(`/api/grants/${writtenBack}`)).json<Grant>();
    const noDate = await client.patch(`/api/grants/${writtenBack}`, { awardedDate: null });
    expect(noDate.json<Grant>().updatedAt).toBe(read.updatedAt);
    expect(await filledIn(writtenBack)).toBe(true);
    await client.patch(`/api/grants/${writtenBack}`, {
      status: 'rejected',
      awardedAmount: read.awardedAmount,
      awardedDate: read.awardedDate,
    });
    expect(await awardOf(writtenBack)).toBeNull();
    // Sent changed, it is given: kept whatever the status becomes.
    await client.patch(`/api/grants/${writtenBack}`, { status: 'awarded' });
    await client.patch(`/api/grants/${writtenBack}`, { awardedAmount: 900 });
    await client.patch(`/api/grants/${writtenBack}`, { status: 'rejected', awardedAmount: 900 });
    expect(await awardOf(writtenBack)).toBe(900);
    expect(await filledIn(writtenBack)).toBe(false);

    // Whether an award was filled in is no change of its own in the history.
    const history = (await client.get(`/api/activity?entity=grant&id=${dated}`)).json<
      ActivityEntry[]
    >();
    expect(history.flatMap((entry) => entry.changes ?? []).map((c) => c.field)).toEqual([
      'status',
      'awarded_date',
      'awarded_amount',
      'status',
    ]);
  });

  it('sets the stage of the chosen opportunities, and deletes interactions', async () => {
    const client = await newCompanyClient(app);
    const opportunity = await createdId(client, '/api/opportunities', {
      name: 'O',
      organization: 'Arts Council',
      amount: 1000,
      stage: 'prospecting',
      expectedCloseDate: '2027-01-01',
    });
    const staged = await client.post('/api/opportunities/bulk-stage', {
      ids: [opportunity],
      stage: 'negotiation',
    });
    expect(staged.json()).toEqual({ count: 1 });
    // A new stage brings its default probability; one already at that stage keeps its own.
    expect((await client.get(`/api/opportunities/${opportunity}`)).json()).toMatchObject({
      stage: 'negotiation',
      probability: 75,
    });
    const ownProbability = await createdId(client, '/api/opportunities', {
      name: 'P',
      organization: 'Arts Council',
      amount: 500,
      stage: 'negotiation',
      probability: 90,
      expectedCloseDate: '2027-01-01',
    });
    await client.post('/api/opportunities/bulk-stage', {
      ids: [opportunity, ownProbability],
      stage: 'negotiation',
    });
    expect((await client.get(`/api/opportunities/${ownProbability}`)).json().probability).toBe(90);
    await client.post('/api/opportunities/bulk-stage', {
      ids: [opportunity, ownProbability],
      stage: 'closed-lost',
    });
    const lost = (await client.get('/api/opportunities?sort=name')).json();
    expect(lost.map((o: { probability: number }) => o.probability)).toEqual([0, 0]);

    const contact = await createdId(client, '/api/contacts', { name: 'Ada', email: 'a@x.org' });
    const interaction = await createdId(client, '/api/interactions', {
      contactId: contact,
      type: 'call',
      notes: 'n',
      date: '2026-05-04',
    });
    const deleted = await client.post('/api/interactions/bulk-delete', { ids: [interaction] });
    expect(deleted.json()).toEqual({ count: 1 });
    expect(
      (await client.post('/api/opportunities/bulk-delete', { ids: [opportunity] })).json(),
    ).toEqual({ count: 1 });
  });

  it("sets the status of the chosen tasks, gives them to a member or to nobody, and deletes them; another company's tasks and members are refused", async () => {
    const owner = await registerCompany(app);
    const client = clientFor(app, owner.cookie);
    const member = await addMember(app, owner.user.companyId);
    const other = await registerCompany(app);
    const theirs = clientFor(app, other.cookie);
    const grantId = await grant(client, 'G');
    const task = (name: string) =>
      createdId(client, `/api/grants/${grantId}/tasks`, {
        name,
        description: 'd',
        category: 'research',
        dueDate: '2027-01-01',
      });
    const [a, b, c] = [await task('A'), await task('B'), await task('C')];
    const theirTask = await createdId(theirs, `/api/grants/${await grant(theirs, 'T')}/tasks`, {
      name: 'Theirs',
      description: 'd',
      category: 'research',
      dueDate: '2027-01-01',
    });
    const board = async () =>
      (await client.get('/api/tasks')).json<
        { name: string; status: string; assigneeName: string | null }[]
      >();

    const moved = await client.post('/api/tasks/bulk-status', {
      ids: [a, b, theirTask],
      status: 'completed',
    });
    expect(moved.json()).toEqual({ count: 2 });
    expect((await board()).map((t) => [t.name, t.status])).toEqual([
      ['A', 'completed'],
      ['B', 'completed'],
      ['C', 'pending'],
    ]);
    const history = (await client.get(`/api/activity?entity=task&id=${a}`)).json<ActivityEntry[]>();
    expect(history[0]?.changes).toEqual([
      { field: 'status', before: 'pending', after: 'completed' },
    ]);

    const assigned = await client.post('/api/tasks/bulk-assign', {
      ids: [b, c, theirTask],
      assigneeId: member.user.id,
    });
    expect(assigned.json()).toEqual({ count: 2 });
    expect((await board()).map((t) => t.assigneeName)).toEqual([
      null,
      member.user.name,
      member.user.name,
    ]);
    // Someone of another company is no assignee: nothing changes.
    const stranger = await client.post('/api/tasks/bulk-assign', {
      ids: [a],
      assigneeId: other.user.id,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(ASSIGNEE_NOT_MEMBER);
    expect((await board())[0]?.assigneeName).toBeNull();
    const unassigned = await client.post('/api/tasks/bulk-assign', { ids: [b], assigneeId: null });
    expect(unassigned.json()).toEqual({ count: 1 });
    expect((await board()).map((t) => t.assigneeName)).toEqual([null, null, member.user.name]);

    const deleted = await client.post('/api/tasks/bulk-delete', { ids: [a, c, theirTask] });
    expect(deleted.json()).toEqual({ count: 2 });
    expect((await board()).map((t) => t.name)).toEqual(['B']);
    expect((await theirs.get('/api/tasks')).json()).toHaveLength(1);
  });

  it.each([
    ['/api/contacts/bulk-delete', { ids: [] }, 'Choose at least one record'],
    [
      '/api/contacts/bulk-delete',
      { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
      'At most 500 records at once',
    ],
    ['/api/contacts/bulk-delete', { ids: ['1'] }, 'Each id must be a number'],
    ['/api/contacts/bulk-delete', { ids: [0] }, 'Invalid id'],
    ['/api/contacts/bulk-delete', { ids: [2 ** 31] }, 'Invalid id'],
    ['/api/contacts/bulk-delete', {}, 'ids must be a list of record ids'],
    ['/api/grants/bulk-status', { ids: [1], status: 'won' }, 'Invalid status value'],
    ['/api/opportunities/bulk-stage', { ids: [1] }, 'Invalid stage value'],
    ['/api/tasks/bulk-status', { ids: [1], status: 'done' }, 'Invalid status value'],
    ['/api/tasks/bulk-assign', { ids: [1] }, 'assigneeId must be a user id or null'],
    ['/api/tasks/bulk-assign', { ids: [1], assigneeId: 0 }, 'Invalid assignee'],
  ])('%s answers 400 for %j, changing nothing', async (url, body, message) => {
    const client = await newCompanyClient(app);
    await createdId(client, '/api/contacts', { name: 'Kept', email: 'k@x.org' });
    const response = await client.post(url, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect((await client.get('/api/contacts')).json()).toHaveLength(1);
  });

  it('a bulk change waits for a record someone holds without holding those it takes after it: the two never wait for each other', async () => {
    // PostgreSQL may read the chosen rows where they lie in the table rather than by id (as it
    // does once a company has many): here it always does, on a database of this test's own.
    const database = await createTestDatabase();
    await asOwner(
      inject('testCluster').adminUrl,
      `ALTER DATABASE "${database.name}" SET enable_indexscan = off`,
    );
    const app = await buildTestApp({ database: { kind: 'server', url: database.url } });
    onTestFinished(async () => {
      await app.close();
      await database.drop();
    });
    const owner = await registerCompany(app);
    const client = clientFor(app, owner.cookie);
    const grantId = await grant(client, 'G');
    const tasks = `/api/grants/${grantId}/tasks`;
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C']) {
      ids.push(
        await createdId(client, tasks, {
          name,
          description: 'd',
          category: 'research',
          dueDate: '2027-01-01',
        }),
      );
    }
    const [first, , last] = ids;
    // Changed since, the first two are stored after the last: a statement reading the three
    // where they lie comes to the last first.
    for (const id of ids.slice(0, 2)) {
      expect((await client.patch(`${tasks}/${id}`, { status: 'in-progress' })).statusCode).toBe(
        200,
      );
    }
    // Someone holds the first, as everything that takes several of them does first (a bulk
    // deletion, a reminder scan), and will want the last. The bulk change must not hold the last
    // while it waits for the first, or each would wait for the other until PostgreSQL ended one.
    const holder = await app.db.$client.connect();
    let answer: Awaited<ReturnType<typeof client.post>> | undefined;
    try {
      await holder.query('BEGIN');
      await holder.query("SET LOCAL deadlock_timeout = '60s'");
      await holder.query('SELECT 1 FROM grant_tasks WHERE id = $1 FOR UPDATE', [first]);
      const pid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]
        ?.pid;
      const changing = client.post('/api/tasks/bulk-status', { ids, status: 'completed' });
      await until(() => someoneWaitsOn(app, pid ?? 0), 'the bulk change waiting');
      await holder.query('SELECT 1 FROM grant_tasks WHERE id = $1 FOR UPDATE', [last]);
      await holder.query('COMMIT');
      answer = await changing;
    } finally {
      holder.release();
    }
    expect(answer?.statusCode, answer?.body).toBe(200);
    expect(answer?.json()).toEqual({ count: 3 });
    const statuses = (await client.get(tasks)).json<{ status: string }[]>().map((t) => t.status);
    expect(statuses).toEqual(['completed', 'completed', 'completed']);
  });
});

describe('a reminder scan of many deadlines at once', () => {
  it('makes more reminders than one statement can bind values for', async () => {
    const owner = await registerCompany(app);
    const { companyId } = owner.user;
    const grantId = await grant(clientFor(app, owner.cookie), 'Bulk Arts Grant');
    // Six values a notification: past 10,922, one statement could not take them all.
    const tasks = 11_500;
    await inCompany(app.db, companyId, (tx) =>
      tx.execute(sql`
        INSERT INTO grant_tasks (company_id, grant_id, name, description, category, due_date)
        SELECT ${companyId}, ${grantId}, 'Bulk task ' || n, 'One line', 'proposal',
               '2031-03-06T16:00:00Z'
          FROM generate_series(1, ${tasks}::int) AS n`),
    );
    const reminders = createRemindersRepository(app.db);
    const clock = { timeZone: 'UTC', reminderDays: [14, 7, 1] };
    // Each unassigned task's reminder to the one admin; the Monday digest too.
    const monday = new Date('2031-03-03T15:00:00Z');
    expect(await reminders.scanCompany(companyId, clock, monday)).toBe(tasks + 1);
    // Made once: a second scan finds them all made.
    expect(await reminders.scanCompany(companyId, clock, monday)).toBe(0);
  });

  it("moves 40,000 reminders' keys to a new time zone in a few seconds", async () => {
    // A database of this test's own, its statistics read once its rows are in.
    const database = await createTestDatabase();
    const own = await buildTestApp({ database: { kind: 'server', url: database.url } });
    onTestFinished(async () => {
      await own.close();
      await database.drop();
    });
    const owner = await registerCompany(own);
    const { companyId } = owner.user;
    const admin = clientFor(own, owner.cookie);
    const grantId = await grant(admin, 'Zone Arts Grant');
    await inCompany(own.db, companyId, async (tx) => {
      await tx.execute(sql`
        INSERT INTO grant_tasks (company_id, grant_id, name, description, category, due_date)
        SELECT ${companyId}, ${grantId}, 'Task ' || n, 'One line', 'proposal',
               timestamptz '2031-03-06T16:00:00Z' + n * interval '1 hour'
          FROM generate_series(1, 5000) AS n`);
      // Eight reminders of each task, sent already.
      await tx.execute(sql`
        INSERT INTO notifications (company_id, user_id, key, title, body, link, emailed_at)
        SELECT ${companyId}, ${owner.user.id},
               'task:' || t.id || ':' || to_char(t.due_date AT TIME ZONE 'UTC', 'YYYY-MM-DD')
                 || ':' || stage,
               'Due', 'Task', '/', now()
          FROM grant_tasks t, generate_series(1, 8) AS stage
         WHERE t.company_id = ${companyId}`);
    });
    await asOwner(database.url, 'ANALYZE');
    // Each reminder was compared with every deadline: 200 million times, past the statement's
    // 30 s (503).
    const started = Date.now();
    const changed = await admin.patch('/api/organization/reminders', { timeZone: 'Asia/Tokyo' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The first tasks, due from 17:00 UTC on 6 March, fall on the 7th in Tokyo: no key keeps
    // the 6th.
    const { rows } = await own.db.$client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM notifications WHERE company_id = $1 AND key LIKE 'task:%:2031-03-06:%'",
      [companyId],
    );
    expect(rows[0]?.n).toBe(0);
  }, 60_000);
});
