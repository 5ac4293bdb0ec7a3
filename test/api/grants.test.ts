import { describe, expect, it } from 'vitest';
import { registerCompany } from '../helpers/factories.ts';
import { type Client, clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

async function newClient(): Promise<Client> {
  return clientFor(app, (await registerCompany(app)).cookie);
}

const literacy = {
  name: 'Literacy for All',
  funder: 'River Trust',
  amount: 25_000,
  dueDate: '2027-03-01T17:00:00.000Z',
  notes: 'Two-year program',
  documentUrl: 'https://docs.example.org/literacy',
};

const task = {
  name: 'Draft budget',
  description: 'Line items for year one',
  category: 'proposal',
  dueDate: '2027-02-01T12:00:00.000Z',
};

describe('grants CRUD', () => {
  it('creates a draft grant by default and reads it back', async () => {
    const client = await newClient();
    const created = await client.post('/api/grants', literacy);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...literacy, status: 'draft' });
    const { id } = created.json();
    expect((await client.get(`/api/grants/${id}`)).json()).toEqual(created.json());
    const list = await client.get('/api/grants');
    expect(list.json()).toEqual([created.json()]);
    expect(list.headers['x-total-count']).toBe('1');
  });

  it('leaves empty notes and document link as null', async () => {
    const client = await newClient();
    const created = await client.post('/api/grants', { ...literacy, notes: '', documentUrl: '' });
    expect(created.json()).toMatchObject({ notes: null, documentUrl: null });
  });

  it('updates any field, the status freely in any order', async () => {
    const client = await newClient();
    const { id } = (await client.post('/api/grants', literacy)).json();
    for (const status of ['awarded', 'draft', 'rejected', 'submitted', 'in-progress']) {
      const response = await client.patch(`/api/grants/${id}`, { status });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(status);
    }
    const renamed = await client.patch(`/api/grants/${id}`, { name: 'Literacy+', amount: 30_000 });
    expect(renamed.json()).toMatchObject({
      name: 'Literacy+',
      amount: 30_000,
      funder: 'River Trust',
    });
  });

  it('deletes a grant with its tasks', async () => {
    const client = await newClient();
    const { id } = (await client.post('/api/grants', literacy)).json();
    expect((await client.post(`/api/grants/${id}/tasks`, task)).statusCode).toBe(201);

    expect((await client.delete(`/api/grants/${id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/grants/${id}`)).json()).toEqual({ message: 'Grant not found' });
    expect((await client.get(`/api/grants/${id}/tasks`)).statusCode).toBe(404);
    expect((await client.get('/api/tasks')).json()).toEqual([]);
  });

  it('filters by exact funder and by status, and searches name and funder', async () => {
    const client = await newClient();
    await client.post('/api/grants', literacy);
    await client.post('/api/grants', { ...literacy, name: 'Arts', funder: 'River Trust Fund' });
    await client.post('/api/grants', {
      ...literacy,
      name: 'Parks',
      funder: 'Hill',
      status: 'awarded',
    });

    const names = (url: string) =>
      client.get(url).then((r) =>
        r
          .json()
          .map((g: { name: string }) => g.name)
          .sort(),
      );
    expect(await names(`/api/grants?funder=${encodeURIComponent('River Trust')}`)).toEqual([
      'Literacy for All',
    ]);
    expect(await names('/api/grants?status=awarded')).toEqual(['Parks']);
    expect(await names('/api/grants?q=river')).toEqual(['Arts', 'Literacy for All']);
    expect(await names('/api/grants?sort=-amount&limit=1')).toHaveLength(1);
    // An empty filter, as a form's empty field sends it, filters nothing, as an empty search.
    const all = ['Arts', 'Literacy for All', 'Parks'];
    expect(await names('/api/grants?funder=')).toEqual(all);
    expect(await names('/api/grants?funder=%20%20&q=')).toEqual(all);
    expect(await names('/api/funders?name=').then((funders) => funders.length)).toBe(3);
  });

  it('counts the grants of one status, and refuses a status there is not', async () => {
    const client = await newClient();
    await client.post('/api/grants', literacy);
    await client.post('/api/grants', { ...literacy, name: 'Parks', status: 'awarded' });
    await client.post('/api/grants', { ...literacy, name: 'Arts', status: 'awarded' });

    const awarded = await client.get('/api/grants?status=awarded&limit=1');
    expect(awarded.json()).toHaveLength(1);
    expect(awarded.headers['x-total-count']).toBe('2');

    for (const status of ['won', '', 'Awarded']) {
      const response = await client.get(`/api/grants?status=${status}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Status must be one of: draft, in-progress, submitted, awarded, rejected',
      );
    }
  });
});

describe('grant validation (SPEC §5)', () => {
  it.each([
    [{ name: '' }, 'Name is required'],
    [{ funder: undefined }, 'Funder is required'],
    [{ amount: -1 }, 'Amount must be positive'],
    [{ amount: 'lots' }, 'Amount must be positive'],
    [{ amount: 10.5 }, 'Amount must be a whole number of dollars'],
    [{ amount: 1e308 }, 'Amount is too large'],
    [{ amount: 2 ** 53 + 2 }, 'Amount is too large'],
    [{ dueDate: undefined }, 'Due date is required'],
    [{ dueDate: 'someday' }, 'Invalid date format'],
    [{ status: '' }, 'Status is required'],
    [{ status: 'won' }, 'Invalid status value'],
    [{ documentUrl: 'javascript:alert(1)' }, 'Please enter a valid http(s) URL'],
    [{ documentUrl: 'ftp://files.example.org/x' }, 'Please enter a valid http(s) URL'],
  ])('%j → %s', async (change, message) => {
    const client = await newClient();
    const response = await client.post('/api/grants', { ...literacy, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await client.get('/api/grants')).json()).toEqual([]);
  });
});

describe('an amount past what a number holds', () => {
  it('is too large, not negative, whichever amount it is', async () => {
    const { cookie } = await registerCompany(app);
    const client = clientFor(app, cookie);
    const grant = JSON.stringify({ ...literacy, amount: 1 });
    for (const [field, raw] of [
      ['amount', '1e309'],
      ['awardedAmount', '1e400'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/grants',
        headers: { cookie, 'content-type': 'application/json' },
        payload: grant.replace('"amount":1', `"amount":1,"${field}":${raw}`),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe('Amount is too large');
    }
    expect((await client.get('/api/grants')).json()).toEqual([]);
  });

  it('is too large and nothing more, though written as a whole number', async () => {
    const client = await newClient();
    const response = await client.post('/api/grants', { ...literacy, amount: 2 ** 53 });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'amount', message: 'Amount is too large' }]);
  });
});

describe('grant tasks', () => {
  async function grantWithClient() {
    const client = await newClient();
    const grant = (await client.post('/api/grants', literacy)).json();
    return { client, grantId: grant.id as number };
  }

  it('adds a pending task by default, lists it, and lists it on the board with its grant', async () => {
    const { client, grantId } = await grantWithClient();
    const created = await client.post(`/api/grants/${grantId}/tasks`, { ...task, grantId: 999 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...task, grantId, status: 'pending' });

    // The lists also name each task's assignee (nobody here) and, on the board, its grant.
    expect(created.json().assigneeId).toBeNull();
    const listed = { ...created.json(), assigneeName: null };
    expect((await client.get(`/api/grants/${grantId}/tasks`)).json()).toEqual([listed]);
    expect((await client.get('/api/tasks')).json()).toEqual([
      { ...listed, grantName: 'Literacy for All' },
    ]);
  });

  it('updates a status alone, or the whole task', async () => {
    const { client, grantId } = await grantWithClient();
    const { id } = (await client.post(`/api/grants/${grantId}/tasks`, task)).json();
    const moved = await client.patch(`/api/grants/${grantId}/tasks/${id}`, { status: 'completed' });
    expect(moved.json()).toMatchObject({ ...task, status: 'completed' });
    const overdue = await client.patch(`/api/grants/${grantId}/tasks/${id}`, { status: 'overdue' });
    expect(overdue.json().status).toBe('overdue');
    const edited = await client.patch(`/api/grants/${grantId}/tasks/${id}`, {
      ...task,
      name: 'Final budget',
      category: 'submission',
      status: 'in-progress',
    });
    expect(edited.json()).toMatchObject({
      name: 'Final budget',
      category: 'submission',
      status: 'in-progress',
    });
  });

  it('deletes a task', async () => {
    const { client, grantId } = await grantWithClient();
    const { id } = (await client.post(`/api/grants/${grantId}/tasks`, task)).json();
    expect((await client.delete(`/api/grants/${grantId}/tasks/${id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/grants/${grantId}/tasks`)).json()).toEqual([]);
    expect((await client.delete(`/api/grants/${grantId}/tasks/${id}`)).statusCode).toBe(404);
  });

  it.each([
    [{ name: ' ' }, 'Task name is required'],
    [{ description: undefined }, 'Task description is required'],
    [{ category: undefined }, 'Category is required'],
    [{ category: 'lobbying' }, 'Invalid category value'],
    [{ dueDate: undefined }, 'Due date is required'],
    [{ status: 'done' }, 'Invalid status value'],
  ])('validates %j → %s', async (change, message) => {
    const { client, grantId } = await grantWithClient();
    const response = await client.post(`/api/grants/${grantId}/tasks`, { ...task, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 404 for a task addressed through the wrong grant', async () => {
    const { client, grantId } = await grantWithClient();
    const other = (await client.post('/api/grants', { ...literacy, name: 'Other' })).json().id;
    const { id } = (await client.post(`/api/grants/${grantId}/tasks`, task)).json();
    expect(
      (await client.patch(`/api/grants/${other}/tasks/${id}`, { status: 'completed' })).statusCode,
    ).toBe(404);
    expect((await client.delete(`/api/grants/${other}/tasks/${id}`)).statusCode).toBe(404);
  });
});

describe('tenancy', () => {
  it("never shows or changes another company's grants and tasks", async () => {
    const owner = await newClient();
    const intruder = await newClient();
    const grantId = (await owner.post('/api/grants', literacy)).json().id;
    const taskId = (await owner.post(`/api/grants/${grantId}/tasks`, task)).json().id;

    expect((await intruder.get(`/api/grants/${grantId}`)).statusCode).toBe(404);
    expect((await intruder.patch(`/api/grants/${grantId}`, { name: 'x' })).statusCode).toBe(404);
    expect((await intruder.delete(`/api/grants/${grantId}`)).statusCode).toBe(404);
    expect((await intruder.get(`/api/grants/${grantId}/tasks`)).statusCode).toBe(404);
    expect((await intruder.post(`/api/grants/${grantId}/tasks`, task)).statusCode).toBe(404);
    expect(
      (await intruder.patch(`/api/grants/${grantId}/tasks/${taskId}`, { status: 'completed' }))
        .statusCode,
    ).toBe(404);
    expect((await intruder.delete(`/api/grants/${grantId}/tasks/${taskId}`)).statusCode).toBe(404);
    expect((await intruder.get('/api/grants')).json()).toEqual([]);
    expect((await intruder.get('/api/tasks')).json()).toEqual([]);

    // A grant of the intruder's own does not open a door to the owner's task either.
    const ownGrant = (await intruder.post('/api/grants', literacy)).json().id;
    expect(
      (await intruder.patch(`/api/grants/${ownGrant}/tasks/${taskId}`, { status: 'completed' }))
        .statusCode,
    ).toBe(404);
    expect((await owner.get(`/api/grants/${grantId}/tasks`)).json()[0].status).toBe('pending');
  });
});

describe('GET /api/grants/pipeline', () => {
  it('counts and totals every status in pipeline order, zero for empty stages', async () => {
    const client = await newClient();
    await client.post('/api/grants', { ...literacy, amount: 1000 });
    await client.post('/api/grants', { ...literacy, amount: 2500 });
    await client.post('/api/grants', { ...literacy, amount: 400, status: 'awarded' });
    const other = await newClient();
    await other.post('/api/grants', { ...literacy, amount: 99, status: 'rejected' });

    expect((await client.get('/api/grants/pipeline')).json()).toEqual([
      { status: 'draft', count: 2, total: 3500 },
      { status: 'in-progress', count: 0, total: 0 },
      { status: 'submitted', count: 0, total: 0 },
      { status: 'awarded', count: 1, total: 400 },
      { status: 'rejected', count: 0, total: 0 },
    ]);
  });
});
