import { describe, expect, it } from 'vitest';
import { registerCompany } from '../helpers/factories.ts';
import { type Client, clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

/** A new company's admin, who may edit every record and the organization profile. */
const newClient = async (): Promise<Client> => clientFor(app, (await registerCompany(app)).cookie);

type Body = Record<string, unknown>;

interface Editable {
  entity: string;
  /** Its PATCH route as the API description names it. */
  route: string;
  /** Makes a record with every field set (none at its default); answers its URL. */
  create: (client: Client) => Promise<string>;
  /** The optional fields, which `null` clears. */
  optional: string[];
  /** The required fields and the spec's message when one is sent as null. */
  required: Record<string, string>;
  /** An edit of one field, to show that the fields left out keep their value. */
  edit: Body;
  /** Reads the record back, when the API has no GET for its own URL. */
  read?: (client: Client, url: string) => Promise<Body>;
}

async function created(client: Client, url: string, body: Body): Promise<string> {
  const response = await client.post(url, body);
  expect(response.statusCode, response.body).toBe(201);
  return `${url}/${response.json().id}`;
}

async function contactOf(client: Client): Promise<number> {
  const response = await client.post('/api/contacts', { name: 'Ada', email: 'ada@x.org' });
  return response.json().id;
}

async function grantOf(client: Client): Promise<string> {
  return created(client, '/api/grants', {
    name: 'Literacy for All',
    funder: 'River Trust',
    amount: 25_000,
    dueDate: '2027-03-01T17:00:00.000Z',
    status: 'awarded',
    notes: 'Two-year program',
    documentUrl: 'https://docs.example.org/literacy',
    awardedAmount: 20_000,
    awardedDate: '2026-12-01T00:00:00.000Z',
    periodStart: '2027-01-01T00:00:00.000Z',
    periodEnd: '2027-12-31T00:00:00.000Z',
  });
}

/** Reads one record of a grant's list (tasks, requirements): the API has no GET for its URL. */
const fromGrantList = async (client: Client, url: string) => {
  const [list, id] = [url.slice(0, url.lastIndexOf('/')), url.split('/').pop()];
  const response = await client.get(list);
  expect(response.statusCode).toBe(200);
  const row = response.json<Body[]>().find((record) => String(record.id) === id);
  if (!row) throw new Error(`no record ${url}`);
  return row;
};

const editables: Editable[] = [
  {
    entity: 'contact',
    route: '/api/contacts/{id}',
    create: (client) =>
      created(client, '/api/contacts', {
        name: 'Ada Lovelace',
        email: 'ada@engine.org',
        phone: '555-0101',
        organization: 'Analytical Fund',
        notes: 'Prefers email',
      }),
    optional: ['phone', 'organization', 'notes'],
    required: { name: 'Name is required', email: 'Invalid email format' },
    edit: { name: 'Ada King' },
  },
  {
    entity: 'interaction',
    route: '/api/interactions/{id}',
    create: async (client) =>
      created(client, '/api/interactions', {
        contactId: await contactOf(client),
        type: 'call',
        notes: 'Discussed the budget',
        date: '2027-01-05T10:00:00.000Z',
      }),
    optional: [],
    required: {
      contactId: 'Invalid contact selection',
      type: 'Type is required',
      notes: 'Notes are required',
      date: 'Date is required',
    },
    edit: { notes: 'Discussed the timeline' },
  },
  {
    entity: 'grant',
    route: '/api/grants/{id}',
    create: grantOf,
    optional: ['notes', 'documentUrl', 'awardedAmount', 'awardedDate', 'periodStart', 'periodEnd'],
    required: {
      name: 'Name is required',
      funder: 'Funder is required',
      amount: 'Amount must be positive',
      dueDate: 'Due date is required',
      status: 'Status is required',
    },
    edit: { name: 'Literacy+' },
  },
  {
    entity: 'grant task',
    route: '/api/grants/{grantId}/tasks/{taskId}',
    create: async (client) =>
      created(client, `${await grantOf(client)}/tasks`, {
        name: 'Draft budget',
        description: 'Line items for year one',
        category: 'proposal',
        dueDate: '2027-02-01T12:00:00.000Z',
        status: 'completed',
        assigneeId: (await client.get('/api/user')).json().id,
      }),
    optional: ['assigneeId'],
    required: {
      name: 'Task name is required',
      description: 'Task description is required',
      category: 'Category is required',
      dueDate: 'Due date is required',
      status: 'Status is required',
    },
    edit: { name: 'Final budget' },
    // A task's list also names each task's assignee: the task itself (what a PATCH answers)
    // carries the assignee's id.
    read: async (client, url) => {
      const { assigneeName: _assigneeName, ...task } = await fromGrantList(client, url);
      return task;
    },
  },
  {
    entity: 'grant requirement',
    route: '/api/grants/{grantId}/requirements/{requirementId}',
    create: async (client) => {
      const grant = await grantOf(client);
      const assigneeId = (await client.get('/api/user')).json().id;
      return created(client, `${grant}/requirements`, {
        name: 'Year-one report',
        type: 'interim_report',
        dueDate: '2027-06-30T00:00:00.000Z',
        status: 'submitted',
        assigneeId,
        notes: 'Outcomes and spending',
      });
    },
    optional: ['assigneeId', 'notes'],
    required: {
      name: 'Name is required',
      type: 'Type is required',
      dueDate: 'Due date is required',
      status: 'Status is required',
    },
    edit: { name: 'Year-one interim report' },
    read: fromGrantList,
  },
  {
    entity: 'opportunity',
    route: '/api/opportunities/{id}',
    create: (client) =>
      created(client, '/api/opportunities', {
        name: 'Capital campaign',
        organization: 'Hill Foundation',
        amount: 50_000,
        stage: 'proposal',
        expectedCloseDate: '2027-01-15T00:00:00.000Z',
        probability: 55,
        notes: 'Board meets in December',
      }),
    optional: ['probability', 'notes'],
    required: {
      name: 'Name is required',
      organization: 'Organization is required',
      amount: 'Amount must be greater than 0',
      stage: 'Stage is required',
      expectedCloseDate: 'Expected close date is required',
    },
    edit: { name: 'Capital campaign 2027' },
  },
  {
    entity: 'organization profile',
    route: '/api/organization',
    create: async (client) => {
      const response = await client.patch('/api/organization', {
        name: 'River Trust',
        industry: 'Conservation',
        website: 'https://river.example.org',
        address: '1 Water Lane',
      });
      expect(response.statusCode, response.body).toBe(200);
      return '/api/organization';
    },
    optional: ['industry', 'website', 'address'],
    required: { name: 'Organization name is required' },
    edit: { address: '2 River Road' },
  },
];

async function readOwnUrl(client: Client, url: string): Promise<Body> {
  const response = await client.get(url);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const cases = editables.map((editable) => ({ read: readOwnUrl, ...editable }));
const optionalCases = cases.flatMap(({ optional, ...editable }) =>
  optional.map((field) => ({ ...editable, field })),
);
const requiredCases = cases.flatMap(({ required, ...editable }) =>
  Object.entries(required).map(([field, message]) => ({ ...editable, field, message })),
);

/**
 * A record after a change: `before` with `fields` and, where it has one, a change time no
 * earlier than before's (its creation time and creator kept).
 */
function changed(before: Record<string, unknown>, fields: Record<string, unknown>) {
  if (!('updatedAt' in before)) return { ...before, ...fields };
  return {
    ...before,
    ...fields,
    updatedAt: expect.toSatisfy(
      (time: string) => Date.parse(time) >= Date.parse(String(before.updatedAt)),
    ),
  };
}

describe('PATCH with null clears an optional field and keeps the rest', () => {
  it.each(optionalCases)('$entity: $field', async ({ create, read, field }) => {
    const client = await newClient();
    const url = await create(client);
    const before = await read(client, url);
    expect(before[field]).not.toBeNull();

    const response = await client.patch(url, { [field]: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(changed(before, { [field]: null }));
    expect(await read(client, url)).toEqual(changed(before, { [field]: null }));
  });
});

describe("PATCH with '' (a field a form emptied) clears an optional field as null does", () => {
  it.each(optionalCases)('$entity: $field', async ({ create, read, field }) => {
    const client = await newClient();
    const url = await create(client);
    const before = await read(client, url);

    const response = await client.patch(url, { [field]: '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await read(client, url)).toEqual(changed(before, { [field]: null }));
  });
});

describe('PATCH keeps every field it leaves out', () => {
  it.each(cases)('$entity: an edit of one field', async ({ create, read, edit }) => {
    const client = await newClient();
    const url = await create(client);
    const before = await read(client, url);

    const response = await client.patch(url, edit);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(changed(before, edit));
    expect(await read(client, url)).toEqual(changed(before, edit));
  });

  it.each(cases)('$entity: an empty body', async ({ create, read }) => {
    const client = await newClient();
    const url = await create(client);
    const before = await read(client, url);

    const response = await client.patch(url, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(await read(client, url)).toEqual(before);
  });

  it.each(cases)(
    '$entity: a body naming no field of it is refused, and nothing changes',
    async ({ create, read }) => {
      const client = await newClient();
      const url = await create(client);
      const before = await read(client, url);

      const response = await client.patch(url, { nmae: 'Misspelt', grantId: 1 });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        message: 'Nothing to change: "nmae", "grantId" are not fields of this record',
        issues: [
          { path: 'nmae', message: 'Not a field of this record' },
          { path: 'grantId', message: 'Not a field of this record' },
        ],
      });
      expect(await read(client, url)).toEqual(before);
    },
  );
});

describe('PATCH refuses null on a required field with its spec message', () => {
  it.each(requiredCases)('$entity: $field', async ({ create, read, field, message }) => {
    const client = await newClient();
    const url = await create(client);
    const before = await read(client, url);

    const response = await client.patch(url, { [field]: null });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await read(client, url)).toEqual(before);
  });
});

describe('the API description', () => {
  it.each(cases)('PATCH $route: a field left out keeps its value, null clears', async (route) => {
    const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const summary: string = spec.paths[route.route].patch.summary;
    expect(summary).toContain('fields left out keep their value');
    for (const field of route.optional) {
      expect(summary).toMatch(new RegExp(`null clears .*\\b${field}\\b`));
    }
  });
});
