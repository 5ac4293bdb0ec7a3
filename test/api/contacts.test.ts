import { describe, expect, it } from 'vitest';
import { registerCompany } from '../helpers/factories.ts';
import { type Client, clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

async function newCompanyClient(): Promise<Client> {
  const { cookie } = await registerCompany(app);
  return clientFor(app, cookie);
}

const ada = {
  name: 'Ada Lovelace',
  email: 'ada@engine.org',
  phone: '555-0101',
  organization: 'Analytical Fund',
  notes: 'Prefers email',
};

describe('contacts CRUD', () => {
  it('creates a contact (201), reads it back and lists it', async () => {
    const client = await newCompanyClient();
    const created = await client.post('/api/contacts', { ...ada, companyId: 999 });
    expect(created.statusCode).toBe(201);
    const contact = created.json();
    expect(contact).toMatchObject(ada);
    expect(contact.companyId).not.toBe(999);

    expect((await client.get(`/api/contacts/${contact.id}`)).json()).toEqual(contact);
    const list = await client.get('/api/contacts');
    expect(list.json()).toEqual([contact]);
    expect(list.headers['x-total-count']).toBe('1');
  });

  it('stores empty optional values as null', async () => {
    const client = await newCompanyClient();
    const created = await client.post('/api/contacts', {
      name: 'Bo',
      email: 'bo@x.org',
      phone: '',
      organization: '   ',
    });
    expect(created.json()).toMatchObject({ phone: null, organization: null, notes: null });
  });

  it('updates only the fields sent, and can clear one', async () => {
    const client = await newCompanyClient();
    const { id } = (await client.post('/api/contacts', ada)).json();
    const updated = await client.patch(`/api/contacts/${id}`, { phone: '', notes: 'Call first' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ ...ada, phone: null, notes: 'Call first' });
  });

  it('deletes a contact with its interactions', async () => {
    const client = await newCompanyClient();
    const { id } = (await client.post('/api/contacts', ada)).json();
    const interaction = await client.post('/api/interactions', {
      contactId: id,
      type: 'call',
      notes: 'Intro call',
      date: '2026-03-01T10:00:00.000Z',
    });
    expect(interaction.statusCode).toBe(201);

    expect((await client.delete(`/api/contacts/${id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/contacts/${id}`)).statusCode).toBe(404);
    expect((await client.get(`/api/interactions/${interaction.json().id}`)).statusCode).toBe(404);
    expect((await client.delete(`/api/contacts/${id}`)).statusCode).toBe(404);
  });

  it('answers 404 with a message for a contact that does not exist', async () => {
    const client = await newCompanyClient();
    const response = await client.get('/api/contacts/987654');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Contact not found' });
  });

  it('answers 400, never 500, for ids that are not positive integers', async () => {
    const client = await newCompanyClient();
    for (const id of [
      'abc',
      '0',
      '-3',
      '1.5',
      '99999999999999',
      '2147483648',
      '0x1',
      '1e1',
      '%201',
      '01',
      '+1',
    ]) {
      const response = await client.get(`/api/contacts/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid id', issues: expect.any(Array) });
    }
  });

  it('requires sign-in', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/contacts' })).statusCode).toBe(401);
    const post = await app.inject({ method: 'POST', url: '/api/contacts', payload: ada });
    expect(post.statusCode).toBe(401);
  });
});

describe('contact validation (SPEC §5)', () => {
  it.each([
    [{ email: 'a@b.org' }, 'Name is required'],
    [{ name: '  ', email: 'a@b.org' }, 'Name is required'],
    [{ name: 'A' }, 'Invalid email format'],
    [{ name: 'A', email: 'not-an-email' }, 'Invalid email format'],
  ])('%j → %s, and nothing is stored', async (body, message) => {
    const client = await newCompanyClient();
    const response = await client.post('/api/contacts', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await client.get('/api/contacts')).json()).toEqual([]);
  });

  it('validates a PATCH the same way', async () => {
    const client = await newCompanyClient();
    const { id } = (await client.post('/api/contacts', ada)).json();
    const response = await client.patch(`/api/contacts/${id}`, { email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid email format');
    expect((await client.get(`/api/contacts/${id}`)).json().email).toBe(ada.email);
  });
});

describe('tenancy', () => {
  it("never shows, changes or deletes another company's contact", async () => {
    const owner = await newCompanyClient();
    const intruder = await newCompanyClient();
    const { id } = (await owner.post('/api/contacts', ada)).json();

    expect((await intruder.get(`/api/contacts/${id}`)).statusCode).toBe(404);
    expect((await intruder.patch(`/api/contacts/${id}`, { name: 'Hacked' })).statusCode).toBe(404);
    expect((await intruder.delete(`/api/contacts/${id}`)).statusCode).toBe(404);
    expect((await intruder.get('/api/contacts')).json()).toEqual([]);
    expect((await owner.get(`/api/contacts/${id}`)).json().name).toBe(ada.name);
  });
});

describe('list parameters', () => {
  it('searches name, email and organization; sorts; pages; and reports the total', async () => {
    const client = await newCompanyClient();
    const people = [
      { name: 'Carla Diaz', email: 'carla@river.org', organization: 'River Trust' },
      { name: 'Ben Okafor', email: 'ben@hill.org', organization: 'Hill Foundation' },
      { name: 'Amy Chen', email: 'amy@river.org', organization: 'Lake Fund' },
      { name: 'Dan 100%_Sure', email: 'dan@x.org' },
    ];
    for (const person of people) await client.post('/api/contacts', person);

    const names = (url: string) =>
      client.get(url).then((r) => r.json().map((c: { name: string }) => c.name));
    expect(await names('/api/contacts')).toEqual([
      'Amy Chen',
      'Ben Okafor',
      'Carla Diaz',
      'Dan 100%_Sure',
    ]);
    expect(await names('/api/contacts?q=river')).toEqual(['Amy Chen', 'Carla Diaz']);
    expect(await names('/api/contacts?q=HILL')).toEqual(['Ben Okafor']);
    expect(await names('/api/contacts?q=0%25_')).toEqual(['Dan 100%_Sure']);
    expect(await names('/api/contacts?q=%25')).toEqual(['Dan 100%_Sure']);
    // A match never runs from one field into the next ('Amy Chen' then 'amy@river.org').
    expect(await names('/api/contacts?q=Chenamy')).toEqual([]);
    expect(await names('/api/contacts?q=chen')).toEqual(['Amy Chen']);
    expect(await names('/api/contacts?sort=-name&limit=2')).toEqual([
      'Dan 100%_Sure',
      'Carla Diaz',
    ]);

    const page = await client.get('/api/contacts?sort=name&limit=2&offset=2');
    expect(page.json().map((c: { name: string }) => c.name)).toEqual([
      'Carla Diaz',
      'Dan 100%_Sure',
    ]);
    expect(page.headers['x-total-count']).toBe('4');
    expect((await client.get('/api/contacts?q=river&limit=1')).headers['x-total-count']).toBe('2');
  });

  it('rejects bad list parameters with 400 and a message that says what is wrong', async () => {
    const client = await newCompanyClient();
    const cases = [
      ['sort=password', /^Sort by one of: name, -name/],
      ['limit=0', 'Limit must be at least 1'],
      ['limit=100000', 'Limit must be at most 500'],
      ['limit=abc', 'Limit must be a whole number from 1 to 500'],
      ['limit=2.5', 'Limit must be a whole number from 1 to 500'],
      ['limit=0x10', 'Limit must be a whole number from 1 to 500'],
      ['limit=1e1', 'Limit must be a whole number from 1 to 500'],
      ['limit=%2010', 'Limit must be a whole number from 1 to 500'],
      ['offset=0b11', 'Offset must be a whole number, 0 or more'],
      ['offset=-1', 'Offset must be 0 or more'],
      ['offset=ten', 'Offset must be a whole number, 0 or more'],
      ['offset=2.5', 'Offset must be a whole number, 0 or more'],
      ['offset=99999999999999999999', 'Offset must be at most 2147483647'],
    ] as const;
    for (const [query, message] of cases) {
      const response = await client.get(`/api/contacts?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(message);
    }
  });
});

describe('organization names', () => {
  it("suggests the company's own organization names, distinct and sorted", async () => {
    const client = await newCompanyClient();
    const other = await newCompanyClient();
    await client.post('/api/contacts', {
      name: 'A',
      email: 'a@x.org',
      organization: 'River Trust',
    });
    await client.post('/api/contacts', {
      name: 'B',
      email: 'b@x.org',
      organization: 'River Trust',
    });
    await client.post('/api/contacts', {
      name: 'C',
      email: 'c@x.org',
      organization: 'Arts Council',
    });
    await other.post('/api/contacts', { name: 'D', email: 'd@x.org', organization: 'Rival Org' });

    expect((await client.get('/api/contacts/organizations')).json()).toEqual([
      'Arts Council',
      'River Trust',
    ]);
    expect((await client.get('/api/contacts/organizations?q=riv')).json()).toEqual(['River Trust']);
  });

  it('suggests the first twenty in alphabetical order, whatever their case or accents', async () => {
    const client = await newCompanyClient();
    // 21 names written in capitals, and three in small letters or with an accent that come first.
    const capitals = Array.from({ length: 21 }, (_, n) => `Trust ${String(n).padStart(2, '0')}`);
    for (const [n, organization] of capitals.entries()) {
      await client.post('/api/contacts', { name: 'A', email: `t${n}@x.org`, organization });
    }
    await client.post('/api/contacts', {
      name: 'B',
      email: 'b@x.org',
      organization: 'arts council',
    });
    await client.post('/api/grants', {
      name: 'G',
      funder: 'Éclair Fund',
      amount: 100,
      dueDate: '2027-01-01',
    });
    await client.post('/api/opportunities', {
      name: 'O',
      organization: 'city hall',
      amount: 100,
      stage: 'proposal',
      expectedCloseDate: '2027-01-01',
    });
    expect((await client.get('/api/contacts/organizations')).json()).toEqual([
      'arts council',
      'city hall',
      'Éclair Fund',
      ...capitals.slice(0, 17),
    ]);
  });
});

describe('contacts of one organization', () => {
  it('filters by exact organization name', async () => {
    const client = await newCompanyClient();
    await client.post('/api/contacts', {
      name: 'A',
      email: 'a@x.org',
      organization: 'River Trust',
    });
    await client.post('/api/contacts', {
      name: 'B',
      email: 'b@x.org',
      organization: 'River Trust Fund',
    });
    await client.post('/api/contacts', { name: 'C', email: 'c@x.org' });
    const response = await client.get(
      `/api/contacts?organization=${encodeURIComponent('River Trust')}`,
    );
    expect(response.json().map((c: { name: string }) => c.name)).toEqual(['A']);
    // Empty, the filter is left out: every contact, not those of an organization named ''.
    expect((await client.get('/api/contacts?organization=')).json()).toHaveLength(3);
  });

  it("answers ten of a large funder's contacts and counts them all, the company's only", async () => {
    const client = await newCompanyClient();
    const other = await newCompanyClient();
    const add = (to: Client, n: number, organization: string) =>
      to.post('/api/contacts', { name: `Person ${n}`, email: `p${n}@x.org`, organization });
    for (let n = 1; n <= 12; n++) await add(client, n, 'Big Funder');
    await add(client, 13, 'Small');
    await add(other, 14, 'Big Funder');

    const response = await client.get(
      `/api/contacts?organization=${encodeURIComponent('Big Funder')}&limit=10`,
    );
    expect(response.json()).toHaveLength(10);
    expect(response.headers['x-total-count']).toBe('12');
  });
});
