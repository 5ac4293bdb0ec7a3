import { describe, expect, it } from 'vitest';
import { addMember, registerCompany } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

/**
 * Names as a list shows them sorted: alphabetically, as people read, whatever their case and
 * accents; by code point, 'adam' and 'Émile' came after 'Zoë'.
 */
const NAMES = ['Zoë Adams', 'émile Roux', 'Bob Marsh', 'adam Smith', 'Ángel Ruiz', 'Émile Blanc'];
const ALPHABETICAL = [
  'adam Smith',
  'Ángel Ruiz',
  'Bob Marsh',
  'Émile Blanc',
  'émile Roux',
  'Zoë Adams',
];

describe('lists sorted by a name', () => {
  it('sort alphabetically, page after page, and backwards, on every list and the team', async () => {
    const { cookie, user } = await registerCompany(app);
    const client = clientFor(app, cookie);
    const names = async (url: string, field = 'name') => {
      const response = await client.get(url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().map((row: Record<string, string>) => row[field]);
    };
    for (const [i, name] of NAMES.entries()) {
      const contact = await client.post('/api/contacts', {
        name,
        email: `${i}@example.org`,
        organization: name,
      });
      const created = [
        await client.post('/api/interactions', {
          contactId: contact.json().id,
          type: 'call',
          date: '2026-05-01T12:00:00.000Z',
          notes: 'Called',
        }),
        await client.post('/api/grants', {
          name,
          funder: `${name} Fund`,
          amount: 100,
          dueDate: '2027-03-01',
          status: 'draft',
        }),
        await client.post('/api/opportunities', {
          name,
          organization: `${name} Trust`,
          amount: 100,
          stage: 'prospecting',
          expectedCloseDate: '2027-03-01',
        }),
      ];
      for (const response of [contact, ...created])
        expect(response.statusCode, response.body).toBe(201);
    }

    expect(await names('/api/contacts')).toEqual(ALPHABETICAL);
    // Pages of two, each continuing where the one before stopped.
    const paged = [];
    for (let offset = 0; offset < NAMES.length; offset += 2) {
      paged.push(...(await names(`/api/contacts?sort=name&limit=2&offset=${offset}`)));
    }
    expect(paged).toEqual(ALPHABETICAL);
    expect(await names('/api/contacts?sort=-name')).toEqual([...ALPHABETICAL].reverse());
    expect(await names('/api/contacts?sort=organization', 'organization')).toEqual(ALPHABETICAL);
    // A search sorts as its list does.
    expect(await names('/api/contacts?q=example')).toEqual(ALPHABETICAL);
    expect(await names('/api/contacts?q=example&sort=-email', 'email')).toEqual(
      NAMES.map((_, i) => `${i}@example.org`).reverse(),
    );
    expect(await names('/api/interactions?q=called&sort=contactName', 'contactName')).toEqual(
      ALPHABETICAL,
    );
    expect(await names('/api/interactions?sort=contactName', 'contactName')).toEqual(ALPHABETICAL);
    expect(await names('/api/grants?sort=name')).toEqual(ALPHABETICAL);
    expect(await names('/api/grants?sort=funder', 'funder')).toEqual(
      ALPHABETICAL.map((name) => `${name} Fund`),
    );
    expect(await names('/api/opportunities?sort=name')).toEqual(ALPHABETICAL);
    expect(await names('/api/funders')).toEqual(
      [
        ...ALPHABETICAL.map((name) => `${name} Fund`),
        ...ALPHABETICAL.map((name) => `${name} Trust`),
        ...ALPHABETICAL,
      ].sort(new Intl.Collator('und').compare),
    );

    await addMember(app, user.companyId);
    const team = await names('/api/organization/users');
    expect(team).toEqual([...team].sort(new Intl.Collator('und').compare));
  });
});
