import { describe, expect, it } from 'vitest';
import { localDate } from '../../src/domain/due-dates.ts';
import { newCompanyClient } from '../helpers/factories.ts';
import { type Client, createdId, setCompanyTimeZone } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

/** Every date-and-time field of the API, as a record made and changed through it. */
interface DatedRecord {
  what: string;
  field: string;
  create(client: Client, day: string): Promise<string>;
}

const grantBody = (dueDate: string) => ({
  name: 'Library fund',
  funder: 'Hill Fund',
  amount: 1000,
  dueDate,
});

const records: DatedRecord[] = [
  { what: 'grant', field: 'dueDate', create: async (client, day) => grantUrl(client, day) },
  {
    what: 'task',
    field: 'dueDate',
    create: async (client, day) => {
      const grant = await grantUrl(client, '2027-01-10T09:00:00Z');
      const body = { name: 'Budget', description: 'Lines', category: 'proposal', dueDate: day };
      return `${grant}/tasks/${await createdId(client, `${grant}/tasks`, body)}`;
    },
  },
  {
    what: 'requirement',
    field: 'dueDate',
    create: async (client, day) => {
      const grant = await grantUrl(client, '2027-01-10T09:00:00Z');
      const body = { name: 'Interim report', type: 'interim_report', dueDate: day };
      return `${grant}/requirements/${await createdId(client, `${grant}/requirements`, body)}`;
    },
  },
  {
    what: 'opportunity',
    field: 'expectedCloseDate',
    create: async (client, day) => {
      const body = {
        name: 'Annual gift',
        organization: 'Arts Council',
        amount: 1000,
        stage: 'prospecting',
        expectedCloseDate: day,
      };
      return `/api/opportunities/${await createdId(client, '/api/opportunities', body)}`;
    },
  },
  {
    what: 'interaction',
    field: 'date',
    create: async (client, day) => {
      const contact = { name: 'Ana', email: 'ana@example.org' };
      const contactId = await createdId(client, '/api/contacts', contact);
      const body = { contactId, type: 'call', notes: 'Talked budgets', date: day };
      return `/api/interactions/${await createdId(client, '/api/interactions', body)}`;
    },
  },
];

/**
 * The record at `url` as the API reads it back: alone, or from its grant's list (a task's, a
 * requirement's).
 */
async function readBack(client: Client, url: string): Promise<Record<string, unknown>> {
  const alone = await client.get(url);
  if (alone.statusCode === 200) return alone.json();
  const [list, id] = [url.slice(0, url.lastIndexOf('/')), Number(url.split('/').pop())];
  const listed = (await client.get(list)).json<{ id: number }[]>();
  return listed.find((row) => row.id === id) ?? {};
}

async function grantUrl(client: Client, dueDate: string) {
  return `/api/grants/${await createdId(client, '/api/grants', grantBody(dueDate))}`;
}

describe('a day sent alone, or a time with no offset, as a date and time', () => {
  // Kiritimati is 14 hours ahead of UTC all year, where noon UTC is already the next day; Los
  // Angeles is 7 or 8 hours behind, where midnight UTC is still the day before.
  for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
    it(`is that day where the company is (${zone}), in every field, created or changed`, async () => {
      const client = await newCompanyClient(app);
      await setCompanyTimeZone(client, zone);
      for (const record of records) {
        const url = await record.create(client, '2027-06-01');
        const what = `${record.what} ${record.field} in ${zone}`;
        const stored = async () => (await readBack(client, url))[record.field] as string;
        expect(localDate(new Date(await stored()), zone), what).toBe('2027-06-01');
        // At noon there, as the grants import keeps a day.
        expect(new Date(await stored()).toLocaleTimeString('en-GB', { timeZone: zone })).toBe(
          '12:00:00',
        );

        // Changed to another day alone (1 January: winter in Los Angeles).
        const changed = await client.patch(url, { [record.field]: '2027-01-01' });
        expect(changed.statusCode, `${what}: ${changed.body}`).toBe(200);
        expect(localDate(new Date(changed.json()[record.field]), zone), what).toBe('2027-01-01');
        expect(localDate(new Date(await stored()), zone), what).toBe('2027-01-01');

        // A time keeps its exact instant, whatever the company's time zone.
        await client.patch(url, { [record.field]: '2027-06-01T00:30:00+14:00' });
        expect(await stored(), what).toBe('2027-05-31T10:30:00.000Z');

        // A time with no offset is that time on the company's clocks, not on the server's.
        const clockTime = await client.patch(url, { [record.field]: '2027-06-01T17:45:30.5' });
        expect(clockTime.statusCode, `${what}: ${clockTime.body}`).toBe(200);
        const shown = new Date(await stored());
        expect(localDate(shown, zone), what).toBe('2027-06-01');
        expect(shown.toLocaleTimeString('en-GB', { timeZone: zone }), what).toBe('17:45:30');
        expect(shown.getUTCMilliseconds(), what).toBe(500);
      }
    });
  }

  it("is read in the company's time zone as it is when the day is written", async () => {
    const client = await newCompanyClient(app);
    const url = await grantUrl(client, '2027-06-01');
    // Until an admin sets one, the company's days are UTC's.
    expect((await client.get(url)).json().dueDate).toBe('2027-06-01T12:00:00.000Z');
    await setCompanyTimeZone(client, 'Pacific/Kiritimati');
    // A day written before keeps its instant; one written now is noon in Kiritimati (UTC+14).
    expect((await client.get(url)).json().dueDate).toBe('2027-06-01T12:00:00.000Z');
    await client.patch(url, { dueDate: '2027-06-01' });
    expect((await client.get(url)).json().dueDate).toBe('2027-05-31T22:00:00.000Z');
  });
});
