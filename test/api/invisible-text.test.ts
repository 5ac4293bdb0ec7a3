import { describe, expect, it } from 'vitest';
import type { Funder } from '../../src/domain/funders.ts';
import type { SearchResults } from '../../src/domain/search.ts';
import { randomAddress, registerCompany, registrationFor } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

const newClient = async () => clientFor(app, (await registerCompany(app)).cookie);

/** Texts that show nothing: a zero-width space, a soft hyphen, a mark of direction, fillers… */
const INVISIBLE = ['\u200b', '\u00ad', '\u200e', '\u2800', '\u3164', '\ufeff\u200b', ' \u200b '];
/** Control characters in a line, or alone. */
const BROKEN_LINES = ['Line\nbreak', 'Carriage\rreturn', 'Tab\tbed', 'Next\u0085line', '\u001f'];

const grant = (fields: Record<string, unknown>) => ({
  name: 'Reading Rooms',
  funder: 'Hill Foundation',
  amount: 1_000,
  dueDate: '2030-06-01T00:00:00.000Z',
  ...fields,
});

describe('names that show nothing, or break the line', () => {
  it('are refused with the field’s message, and nothing is created', async () => {
    const client = await newClient();
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['/api/contacts', { email: 'a@example.org' }, 'name', 'Name is required'],
      ['/api/grants', grant({}), 'name', 'Name is required'],
      ['/api/grants', grant({}), 'funder', 'Funder is required'],
      [
        '/api/opportunities',
        { name: 'Gala', amount: 10, stage: 'prospecting', expectedCloseDate: '2030-01-01' },
        'organization',
        'Organization is required',
      ],
    ];
    for (const [url, valid, field, message] of cases) {
      for (const value of INVISIBLE) {
        const response = await client.post(url, { ...valid, [field]: value });
        const what = `${url} ${field}=${JSON.stringify(value)}: ${response.body}`;
        expect(response.statusCode, what).toBe(400);
        expect(response.json().message, what).toBe(message);
      }
      for (const value of BROKEN_LINES) {
        const response = await client.post(url, { ...valid, [field]: value });
        const what = `${url} ${field}=${JSON.stringify(value)}: ${response.body}`;
        expect(response.statusCode, what).toBe(400);
        expect(response.json().message, what).toBe('Invalid characters');
      }
    }
    for (const list of ['/api/contacts', '/api/grants', '/api/opportunities', '/api/funders']) {
      expect((await client.get(list)).json(), list).toEqual([]);
    }
  });

  it("in an optional one-line field (a contact's organization or phone, the company's industry) are refused too", async () => {
    const client = await newClient();
    for (const value of BROKEN_LINES) {
      for (const field of ['organization', 'phone']) {
        const response = await client.post('/api/contacts', {
          name: 'Ada',
          email: 'ada@example.org',
          [field]: value,
        });
        const what = `${field}=${JSON.stringify(value)}: ${response.body}`;
        expect(response.statusCode, what).toBe(400);
        expect(response.json().message, what).toBe('Invalid characters');
      }
      const profile = await client.patch('/api/organization', { industry: value });
      expect(profile.statusCode, JSON.stringify(value)).toBe(400);
      expect(profile.json().message).toBe('Invalid characters');
    }
    expect((await client.get('/api/contacts')).json()).toEqual([]);
    // No funder is made of an organization no grant could be given.
    expect((await client.get('/api/funders')).json()).toEqual([]);
    expect((await client.get('/api/organization')).json().industry).toBeNull();
  });

  it('a line break at either end is trimmed like a space', async () => {
    const client = await newClient();
    const created = await client.post('/api/contacts', {
      name: '\r\nAda Lovelace\n',
      email: 'ada@example.org',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().name).toBe('Ada Lovelace');
  });

  it('a funder renamed to nothing visible is refused', async () => {
    const client = await newClient();
    await client.post('/api/grants', grant({}));
    const [funder] = (await client.get('/api/funders')).json<Funder[]>();
    for (const name of INVISIBLE) {
      const response = await client.patch(`/api/funders/${funder?.id}`, { name });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().message).toBe('Name is required');
    }
    expect((await client.get('/api/funders')).json()).toMatchObject([{ name: 'Hill Foundation' }]);
  });

  it('an optional organization that shows nothing is saved as none, and names no funder', async () => {
    const client = await newClient();
    const created = await client.post('/api/contacts', {
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      organization: '\u200b\u200e',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().organization).toBeNull();
    expect((await client.get('/api/funders')).json()).toEqual([]);
  });

  it('notes and descriptions keep their line breaks', async () => {
    const client = await newClient();
    const contact = (
      await client.post('/api/contacts', { name: 'Ada Lovelace', email: 'ada@example.org' })
    ).json<{ id: number }>();
    const interaction = await client.post('/api/interactions', {
      contactId: contact.id,
      type: 'call',
      notes: 'First line\nSecond line',
      date: '2027-02-01',
    });
    expect(interaction.statusCode, interaction.body).toBe(201);
    expect(interaction.json().notes).toBe('First line\nSecond line');
    const blank = await client.post('/api/interactions', {
      contactId: contact.id,
      type: 'call',
      notes: '\u200b\n\u200b',
      date: '2027-02-01',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Notes are required');
  });

  it('notes and descriptions refuse the other control characters (an escape, a bell), and nothing is saved', async () => {
    const client = await newClient();
    const contact = (
      await client.post('/api/contacts', { name: 'Ada Lovelace', email: 'ada@example.org' })
    ).json<{ id: number }>();
    const made = (await client.post('/api/grants', grant({}))).json<{ id: number }>();
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/contacts', { name: 'Bo', email: 'bo@example.org' }, 'notes'],
      ['/api/interactions', { contactId: contact.id, type: 'call', date: '2027-02-01' }, 'notes'],
      ['/api/grants', grant({}), 'notes'],
      [
        `/api/grants/${made.id}/tasks`,
        { name: 'Draft', category: 'proposal', dueDate: '2030-01-01T10:00:00Z' },
        'description',
      ],
    ];
    for (const [url, valid, field] of cases) {
      for (const value of ['a\u0007b', 'colour \u001b[31mred', 'end\u007f', '\u0085next']) {
        const response = await client.post(url, { ...valid, [field]: value });
        expect(response.statusCode, `${url} ${JSON.stringify(value)}`).toBe(400);
        expect(response.json()).toMatchObject({
          issues: [{ path: field, message: 'Invalid characters' }],
        });
      }
      const kept = await client.post(url, { ...valid, [field]: 'One\ttab\r\nTwo' });
      expect(kept.statusCode, kept.body).toBe(201);
      expect(kept.json()[field]).toBe('One\ttab\r\nTwo');
    }
    const contacts = (await client.get('/api/contacts')).json<{ name: string }[]>();
    expect(contacts.map((c) => c.name).sort()).toEqual(['Ada Lovelace', 'Bo']);
  });
});

describe("a funder's type", () => {
  it('is cleared by an empty value, as by null', async () => {
    const client = await newClient();
    await client.post('/api/grants', grant({}));
    const [funder] = (await client.get('/api/funders')).json<Funder[]>();
    const url = `/api/funders/${funder?.id}`;
    expect((await client.patch(url, { type: 'foundation' })).json().type).toBe('foundation');
    const cleared = await client.patch(url, { type: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().type).toBeNull();
    const wrong = await client.patch(url, { type: 'bank' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      'Type must be one of: foundation, government, corporate, individual, other',
    );
  });
});

describe('a username that hides or mimics characters', () => {
  it('is refused wherever an account is made, and no account is made', async () => {
    const admin = await registerCompany(app);
    const taken = admin.username;
    const lookalikes = [
      `${taken}\u200b`,
      `\u202e${taken}`,
      `${taken}\u0007`,
      'ａｄｍｉｎ',
      // Marks that join or vary the letter before them, and show nothing of their own.
      `${taken}\u034f`,
      `\u034f${taken}`,
      `${taken}\ufe0f`,
      `${taken}\ufe00`,
      `${taken}\u{e0100}`,
      `${taken}\u17b4`,
    ];
    for (const username of lookalikes) {
      const registered = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registrationFor({ username }),
        remoteAddress: randomAddress(),
      });
      expect(registered.statusCode, JSON.stringify(username)).toBe(400);
      expect(registered.json().message).toBe('Invalid characters');

      const added = await clientFor(app, admin.cookie).post('/api/organization/users', {
        name: 'Look Alike',
        email: 'look.alike@example.org',
        username,
        password: 'Secret-passw0rd',
        role: 'admin',
      });
      expect(added.statusCode, JSON.stringify(username)).toBe(400);
      expect(added.json().message).toBe('Invalid characters');
    }
    const team = await clientFor(app, admin.cookie).get('/api/organization/users');
    expect(team.json()).toHaveLength(1);
  });
});

describe('text whose accents come apart from their letters (decomposed, NFD)', () => {
  const decomposed = 'Cafe\u0301 Trust';
  const composed = 'Caf\u00e9 Trust';

  it('is kept composed: one funder, one filter and one search however the é was written', async () => {
    const client = await newClient();
    for (const funder of [decomposed, composed]) {
      const created = await client.post('/api/grants', grant({ funder }));
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().funder).toBe(composed);
    }
    const contact = await client.post('/api/contacts', {
      name: `Zoe\u0308 ${decomposed}`,
      email: 'zoe@example.org',
      notes: 'Met at the cafe\u0301',
    });
    expect(contact.json()).toMatchObject({
      name: 'Zo\u00eb Caf\u00e9 Trust',
      notes: 'Met at the caf\u00e9',
    });

    const funders = (await client.get('/api/funders')).json<Funder[]>();
    expect(funders.map((f) => [f.name, f.grantCount])).toEqual([[composed, 2]]);
    const filtered = await client.get(`/api/grants?funder=${encodeURIComponent(decomposed)}`);
    expect(filtered.json()).toHaveLength(2);
    const found = await client.get(`/api/contacts?q=${encodeURIComponent('zoe\u0308')}`);
    expect(found.json()).toHaveLength(1);
  });
});

describe('a control that turns the direction of the text after it', () => {
  it('is taken out of names and notes, as pasted from a phone or an email', async () => {
    const client = await newClient();
    const created = await client.post('/api/contacts', {
      name: 'R:\u202e\u2067',
      email: 'r@example.org',
      // A phone number copied from Android comes between U+202A and U+202C.
      phone: '\u202a+1 555 0100\u202c',
      notes: 'Call \u202bsoon\u2069',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'R:', phone: '+1 555 0100', notes: 'Call soon' });
    const funded = await client.post('/api/grants', grant({ funder: 'Fund\u202e' }));
    expect(funded.json().funder).toBe('Fund');
    // Nothing but such controls is no name at all.
    const blank = await client.post('/api/contacts', { name: '\u202e', email: 'x@example.org' });
    expect(blank.json().message).toBe('Name is required');
    // The marks of direction alone (Hebrew or Arabic text beside Latin) are kept.
    const marked = await client.post('/api/contacts', {
      name: 'שלום\u200f Ltd',
      email: 'shalom@example.org',
    });
    expect(marked.json().name).toBe('שלום\u200f Ltd');
  });
});

describe('a name pasted with a zero-width space at its end, or a no-break space inside', () => {
  it('is the name as typed: one funder, whichever way it came', async () => {
    const client = await newClient();
    // Spaces in a row, typed or pasted, are one space too.
    for (const funder of [
      'Hope Trust\u200b',
      // Marks of direction a phone or a mail client leaves at the ends of what it copies.
      'Hope Trust\u200f',
      '\u200eHope Trust\u061c',
      'Hope Trust\u034f\u180e',
      '\u2060Hope\u00a0Trust',
      'Hope\u202fTrust\u00ad',
      'Hope   Trust',
      'Hope \u00a0 Trust',
    ]) {
      const created = await client.post('/api/grants', grant({ funder }));
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().funder).toBe('Hope Trust');
    }
    const contact = await client.post('/api/contacts', {
      name: '\u200bAda\u00a0Lovelace\ufeff',
      email: 'ada@example.org',
      organization: 'Hope Trust\u200d',
      notes: '\u200bFirst line\nsecond line\u200b',
    });
    expect(contact.json()).toMatchObject({
      name: 'Ada Lovelace',
      organization: 'Hope Trust',
      notes: 'First line\nsecond line',
    });
    const funders = (await client.get('/api/funders')).json<Funder[]>();
    expect(funders.map((f) => [f.name, f.grantCount, f.contactCount])).toEqual([
      ['Hope Trust', 8, 1],
    ]);
    // Searched for as pasted, it is found.
    for (const q of ['Ada\u00a0Lovelace', 'Ada Lovelace\u200b']) {
      const found = await client.get(`/api/contacts?q=${encodeURIComponent(q)}`);
      expect(found.json(), q).toHaveLength(1);
    }
    const filtered = await client.get(
      `/api/grants?funder=${encodeURIComponent('Hope\u00a0Trust\u200f')}`,
    );
    expect(filtered.json()).toHaveLength(8);
    // Spaces in a row in an exact filter are one space, as in the names it is compared with.
    const spaced = encodeURIComponent('Hope \u00a0 Trust');
    expect((await client.get(`/api/grants?funder=${spaced}`)).json()).toHaveLength(8);
    expect((await client.get(`/api/contacts?organization=${spaced}`)).json()).toHaveLength(1);
    expect((await client.get(`/api/funders?name=${spaced}`)).json()).toHaveLength(1);
    // And in a search: the names searched have one.
    const hope = encodeURIComponent('hope   trust');
    expect((await client.get(`/api/grants?q=${hope}`)).json()).toHaveLength(8);
    expect((await client.get(`/api/funders?q=${hope}`)).json()).toHaveLength(1);
    const ada = encodeURIComponent('Ada  Lovelace');
    expect((await client.get(`/api/contacts?q=${ada}`)).json()).toHaveLength(1);
    const everywhere = (await client.get(`/api/search?q=${hope}`)).json<SearchResults>().results;
    expect(everywhere.map((result) => result.kind)).toContain('funder');
    // Notes and a task's description keep theirs, and are searched with each run as one.
    const logged = await client.post('/api/interactions', {
      contactId: contact.json().id,
      type: 'call',
      notes: 'Called  twice about the roof',
      date: '2030-01-01T10:00:00.000Z',
    });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json().notes).toBe('Called  twice about the roof');
    const grantId = (await client.get('/api/grants')).json<{ id: number }[]>()[0]?.id;
    const task = await client.post(`/api/grants/${grantId}/tasks`, {
      name: 'Roof quote',
      category: 'research',
      description: 'Ask   the builder',
      dueDate: '2030-01-01T10:00:00.000Z',
    });
    expect(task.statusCode, task.body).toBe(201);
    for (const typed of ['Called twice', 'Called  twice', 'called   TWICE']) {
      const q = encodeURIComponent(typed);
      expect((await client.get(`/api/interactions?q=${q}`)).json(), typed).toHaveLength(1);
      expect((await client.get(`/api/search?q=${q}`)).json().results, typed).toHaveLength(1);
    }
    for (const typed of ['ask the builder', 'Ask   the  builder']) {
      const found = await client.get(`/api/search?q=${encodeURIComponent(typed)}`);
      expect(
        found.json<SearchResults>().results.map((result) => [result.kind, result.title]),
        typed,
      ).toEqual([['task', 'Roof quote']]);
    }
    // Notes keep their no-break spaces, as written ('10 000 €' stays on one line).
    const noted = await client.post(
      '/api/grants',
      grant({ notes: 'Asked for 10\u00a0000\u00a0€' }),
    );
    expect(noted.json().notes).toBe('Asked for 10\u00a0000\u00a0€');
    // A joiner inside a name (an emoji's, a script's) stays.
    const family = await client.post('/api/contacts', {
      name: 'The \u{1F468}\u200d\u{1F469}\u200d\u{1F467} family',
      email: 'family@example.org',
    });
    expect(family.json().name).toBe('The \u{1F468}\u200d\u{1F469}\u200d\u{1F467} family');
  });
});
