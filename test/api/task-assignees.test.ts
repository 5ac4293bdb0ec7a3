import { describe, expect, it } from 'vitest';
import { addMember, registerCompany } from '../helpers/factories.ts';
import { type Client, clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

const NOT_MEMBER = 'Assignee must be a member of your organization';
const INVALID = 'Invalid assignee';
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

/**
 * A company with its admin (Ada Admin) and a member (Member …), each signed in, and a grant.
 * Tasks are written through the admin unless a test says otherwise.
 */
async function team() {
  const owner = await registerCompany(app, { name: 'Ada Admin' });
  const member = await addMember(app, owner.user.companyId);
  const admin = clientFor(app, owner.cookie);
  const grant = await admin.post('/api/grants', {
    name: 'Youth Arts',
    funder: 'River Trust',
    amount: 1000,
    dueDate: inDays(90),
  });
  expect(grant.statusCode).toBe(201);
  return {
    admin,
    adminId: owner.user.id,
    member: clientFor(app, member.cookie),
    memberId: member.user.id,
    memberName: member.user.name,
    grantId: grant.json<{ id: number }>().id,
  };
}

const task = (name: string, changes: Record<string, unknown> = {}) => ({
  name,
  description: `${name}, described`,
  category: 'proposal',
  dueDate: inDays(3),
  ...changes,
});

async function addTask(client: Client, grantId: number, body: Record<string, unknown>) {
  const response = await client.post(`/api/grants/${grantId}/tasks`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; assigneeId: number | null }>();
}

/** The task as its grant's list shows it, with its assignee's name. */
async function listed(client: Client, grantId: number, taskId: number) {
  const response = await client.get(`/api/grants/${grantId}/tasks`);
  expect(response.statusCode).toBe(200);
  const found = response
    .json<{ id: number; assigneeId: number | null; assigneeName: string | null }[]>()
    .find((row) => row.id === taskId);
  if (!found) throw new Error(`no task ${taskId}`);
  return found;
}

/** The board's tasks by name, each with who it is assigned to (as the board names them). */
async function board(client: Client, query = '') {
  const response = await client.get(`/api/tasks${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(
    response
      .json<{ name: string; assigneeId: number | null; assigneeName: string | null }[]>()
      .map((row) => [row.name, [row.assigneeId, row.assigneeName]]),
  );
}

describe('assigning a task', () => {
  it('assigns on create and shows the name on the board and the grant page', async () => {
    const { admin, member, memberId, memberName, grantId } = await team();
    const created = await addTask(admin, grantId, task('Write budget', { assigneeId: memberId }));
    expect(created.assigneeId).toBe(memberId);

    expect(await listed(admin, grantId, created.id)).toMatchObject({
      assigneeId: memberId,
      assigneeName: memberName,
    });
    // Every member sees who does what.
    expect(await board(member)).toEqual({ 'Write budget': [memberId, memberName] });
  });

  it('leaves a task unassigned when the create leaves the assignee out, or sends null or empty', async () => {
    const { admin, grantId } = await team();
    for (const [name, changes] of [
      ['Left out', {}],
      ['Sent null', { assigneeId: null }],
      ['Sent empty', { assigneeId: '' }],
    ] as const) {
      expect((await addTask(admin, grantId, task(name, changes))).assigneeId).toBeNull();
    }
    expect(await board(admin)).toEqual({
      'Left out': [null, null],
      'Sent null': [null, null],
      'Sent empty': [null, null],
    });
  });

  it('changes the assignee, keeps it when a change leaves it out, and clears it with null', async () => {
    const { admin, adminId, memberId, grantId } = await team();
    const { id } = await addTask(admin, grantId, task('Call the funder', { assigneeId: adminId }));
    const url = `/api/grants/${grantId}/tasks/${id}`;

    const changed = await admin.patch(url, { assigneeId: memberId });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().assigneeId).toBe(memberId);

    // A status alone (a drop on the board) or an edit of other fields keeps the assignee.
    expect((await admin.patch(url, { status: 'in-progress' })).json().assigneeId).toBe(memberId);
    expect((await admin.patch(url, { name: 'Call the officer' })).json().assigneeId).toBe(memberId);
    expect((await listed(admin, grantId, id)).assigneeId).toBe(memberId);

    const cleared = await admin.patch(url, { assigneeId: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ assigneeId: null, status: 'in-progress' });
    expect(await listed(admin, grantId, id)).toMatchObject({
      assigneeId: null,
      assigneeName: null,
      name: 'Call the officer',
    });

    // An emptied select ('') clears it too.
    await admin.patch(url, { assigneeId: adminId });
    expect((await admin.patch(url, { assigneeId: '' })).json().assigneeId).toBeNull();
  });

  it("refuses another company's user with a 400 and changes nothing", async () => {
    const { admin, adminId, grantId } = await team();
    const outsider = await registerCompany(app);
    const { id } = await addTask(admin, grantId, task('Site visit', { assigneeId: adminId }));
    const before = await admin.get(`/api/grants/${grantId}/tasks`);

    const created = await admin.post(
      `/api/grants/${grantId}/tasks`,
      task('Sneaky', { assigneeId: outsider.user.id }),
    );
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      message: NOT_MEMBER,
      issues: [{ path: 'assigneeId', message: NOT_MEMBER }],
    });

    const changed = await admin.patch(`/api/grants/${grantId}/tasks/${id}`, {
      name: 'Renamed',
      status: 'completed',
      assigneeId: outsider.user.id,
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe(NOT_MEMBER);

    expect((await admin.get(`/api/grants/${grantId}/tasks`)).body).toBe(before.body);
  });

  it('refuses an id that is nobody, with a 400, and changes nothing', async () => {
    const { admin, grantId } = await team();
    const { id } = await addTask(admin, grantId, task('Gather letters'));
    const before = (await admin.get(`/api/grants/${grantId}/tasks`)).body;
    // Ids no user has: well-formed, so the answer is the membership's.
    for (const nobody of [2_147_483_000, 2_147_483_647]) {
      const created = await admin.post(
        `/api/grants/${grantId}/tasks`,
        task('Nobody', { assigneeId: nobody }),
      );
      const changed = await admin.patch(`/api/grants/${grantId}/tasks/${id}`, {
        assigneeId: nobody,
      });
      for (const response of [created, changed]) {
        expect(response.statusCode, `${nobody}: ${response.body}`).toBe(400);
        expect(response.json().message).toBe(NOT_MEMBER);
      }
    }
    expect((await admin.get(`/api/grants/${grantId}/tasks`)).body).toBe(before);
  });

  it.each([
    ['above the largest id', 2_147_483_648],
    ['zero', 0],
    ['negative', -4],
    ['a fraction', 1.5],
    ['a negative fraction', -1.5],
    ['far too large', 1e308],
    ['a numeric string', '12'],
    ['a word', 'me'],
    ['true', true],
    ['an object', { id: 3 }],
  ])('refuses an assignee that is %s with a 400 that says why', async (_what, assigneeId) => {
    const { admin, grantId } = await team();
    const { id } = await addTask(admin, grantId, task('Draft narrative'));
    const before = (await admin.get(`/api/grants/${grantId}/tasks`)).body;
    const created = await admin.post(`/api/grants/${grantId}/tasks`, task('Bad', { assigneeId }));
    const changed = await admin.patch(`/api/grants/${grantId}/tasks/${id}`, { assigneeId });
    for (const response of [created, changed]) {
      expect(response.statusCode, response.body).toBe(400);
      // Said once, though a value may break more than one rule.
      expect(response.json()).toEqual({
        message: INVALID,
        issues: [{ path: 'assigneeId', message: INVALID }],
      });
    }
    expect((await admin.get(`/api/grants/${grantId}/tasks`)).body).toBe(before);
  });
});

describe('GET /api/tasks?assignee=me', () => {
  it("answers only the signed-in user's tasks, with the other filters too", async () => {
    const { admin, adminId, member, memberId, grantId } = await team();
    await addTask(admin, grantId, task('Mine', { assigneeId: adminId }));
    await addTask(
      admin,
      grantId,
      task('Mine, later', { assigneeId: adminId, dueDate: inDays(60) }),
    );
    await addTask(admin, grantId, task('Theirs', { assigneeId: memberId }));
    await addTask(admin, grantId, task('Nobody yet'));

    expect(Object.keys(await board(admin, '?assignee=me')).sort()).toEqual(['Mine', 'Mine, later']);
    expect(Object.keys(await board(member, '?assignee=me'))).toEqual(['Theirs']);
    expect(Object.keys(await board(admin, '?assignee=me&due=this-week'))).toEqual(['Mine']);
    expect(Object.keys(await board(admin, '?assignee=me&q=later'))).toEqual(['Mine, later']);
    expect(Object.keys(await board(admin)).sort()).toEqual([
      'Mine',
      'Mine, later',
      'Nobody yet',
      'Theirs',
    ]);
  });

  it.each(['you', '', String(1), 'ME'])('refuses assignee=%s with a 400', async (value) => {
    const { admin } = await team();
    const response = await admin.get(`/api/tasks?assignee=${value}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Assignee must be one of: me');
  });
});

describe('removing a member', () => {
  it('leaves their tasks unassigned, and the rest as they were', async () => {
    const { admin, adminId, memberId, grantId } = await team();
    const theirs = await addTask(admin, grantId, task('Theirs', { assigneeId: memberId }));
    await addTask(admin, grantId, task('Mine', { assigneeId: adminId }));

    const removed = await admin.delete(`/api/organization/users/${memberId}`);
    expect(removed.statusCode).toBe(204);

    expect(await board(admin)).toEqual({
      Theirs: [null, null],
      Mine: [adminId, 'Ada Admin'],
    });
    expect(await listed(admin, grantId, theirs.id)).toMatchObject({
      name: 'Theirs',
      status: 'pending',
      assigneeId: null,
      assigneeName: null,
    });
    // Their id is nobody's now: it cannot be given a task again.
    const again = await admin.patch(`/api/grants/${grantId}/tasks/${theirs.id}`, {
      assigneeId: memberId,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(NOT_MEMBER);
  });
});

describe('another company', () => {
  it('never sees who the tasks are assigned to', async () => {
    const { admin, memberId, memberName, grantId } = await team();
    await addTask(admin, grantId, task('Private work', { assigneeId: memberId }));
    const outsider = clientFor(app, (await registerCompany(app, { name: 'Olga Outsider' })).cookie);

    for (const url of [
      '/api/tasks',
      '/api/tasks?assignee=me',
      `/api/tasks?grantId=${grantId}`,
      '/api/dashboard',
      '/api/dashboard?assignee=me',
      `/api/grants/${grantId}/tasks`,
    ]) {
      const response = await outsider.get(url);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain(memberName);
      expect(response.body, url).not.toContain('Private work');
    }
    // Its own board names its own people only.
    const grant = (
      await outsider.post('/api/grants', {
        name: 'Own',
        funder: 'F',
        amount: 1,
        dueDate: inDays(30),
      })
    ).json();
    const outsiderId = (await outsider.get('/api/user')).json().id;
    await addTask(outsider, grant.id, task('Own work', { assigneeId: outsiderId }));
    expect(await board(outsider)).toEqual({ 'Own work': [outsiderId, 'Olga Outsider'] });
  });
});
