import { beforeAll, describe, expect, it } from 'vitest';
import { registerCompany } from '../helpers/factories.ts';
import { type Client, clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();
let client: Client;
const CONTACTS = 23;

beforeAll(async () => {
  const { cookie } = await registerCompany(app);
  client = clientFor(app, cookie);
  // Repeated names and organizations, some organizations and emails missing: ties and NULLs
  // are where a page read from the other end could disagree with the order.
  for (let i = 0; i < CONTACTS; i++) {
    const contact = await client.post('/api/contacts', {
      name: `Person ${i % 5}`,
      email: `p${i}@example.org`,
      organization: i % 4 === 0 ? '' : `Org ${i % 3}`,
    });
    expect(contact.statusCode).toBe(201);
    const interaction = await client.post('/api/interactions', {
      contactId: contact.json().id,
      type: ['call', 'email', 'meeting'][i % 3],
      date: new Date(Date.UTC(2026, 0, 1 + (i % 6))).toISOString(),
      notes: `Note ${i}`,
    });
    expect(interaction.statusCode).toBe(201);
  }
});

async function ids(url: string) {
  const response = await client.get(url);
  expect(response.statusCode).toBe(200);
  return {
    ids: (response.json() as { id: number }[]).map((row) => row.id),
    total: response.headers['x-total-count'],
  };
}

/** Every page of `size`, in order, joined: must be the whole list in the same order. */
async function pagedIds(base: string, size: number) {
  const all: number[] = [];
  for (let offset = 0; offset < CONTACTS; offset += size) {
    const page = await ids(`${base}&limit=${size}&offset=${offset}`);
    expect(page.total).toBe(String(CONTACTS));
    all.push(...page.ids);
  }
  return all;
}

describe('paging', () => {
  for (const sort of [
    '',
    'name',
    '-name',
    'organization',
    '-organization',
    'email',
    '-createdAt',
  ]) {
    it(`contacts sorted by ${sort || 'default'}: pages from either end agree with the whole list`, async () => {
      const base = `/api/contacts?sort=${sort}`.replace('sort=&', '').replace(/\?sort=$/, '?');
      const whole = (await ids(`${base}&limit=500`)).ids;
      expect(whole).toHaveLength(CONTACTS);
      expect(await pagedIds(base, 5)).toEqual(whole);
      expect(await pagedIds(base, 7)).toEqual(whole);
    });
  }

  for (const sort of ['', 'date', 'contactName', '-type']) {
    it(`interactions sorted by ${sort || 'default'}: pages agree with the whole list`, async () => {
      const base = sort ? `/api/interactions?sort=${sort}` : '/api/interactions?';
      const whole = (await ids(`${base}&limit=500`)).ids;
      expect(await pagedIds(base, 6)).toEqual(whole);
    });
  }

  it('answers an empty page past the end, with the total', async () => {
    const page = await ids('/api/contacts?limit=10&offset=500');
    expect(page).toEqual({ ids: [], total: String(CONTACTS) });
  });

  it('the last page holds the remainder', async () => {
    const whole = (await ids('/api/contacts?limit=500')).ids;
    const last = await ids('/api/contacts?limit=10&offset=20');
    expect(last.ids).toEqual(whole.slice(20));
  });
});
