import { describe, expect, it } from 'vitest';
import {
  type ContactValues,
  EMAIL_OF_SEVERAL_CONTACTS,
  TOO_MANY_INVALID_ROWS,
} from '../../src/domain/contacts.ts';
import { type ImportBatch, MIXED_ENCODINGS } from '../../src/server/lib/csv-import.ts';
import { ONE_FILE_ONLY } from '../../src/server/lib/uploads.ts';
import { createContactsRepository } from '../../src/server/modules/contacts/contacts.repository.ts';
import { importContacts } from '../../src/server/modules/contacts/contacts-import.ts';
import { registerCompany } from '../helpers/factories.ts';
import { clientFor, multipartFile } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

async function signedInWithCookie() {
  const { cookie } = await registerCompany(app);
  return { cookie, client: clientFor(app, cookie) };
}

async function signedIn() {
  const { cookie, user } = await registerCompany(app);
  const client = clientFor(app, cookie);
  const upload = (content: string | Buffer, options?: Parameters<typeof multipartFile>[1]) =>
    app.inject({
      method: 'POST',
      url: '/api/contacts/upload',
      ...withCookie(cookie, options, content),
    });
  return { client, upload, user };
}

function withCookie(
  cookie: string,
  options: Parameters<typeof multipartFile>[1],
  content: string | Buffer,
) {
  const { payload, headers } = multipartFile(content, options);
  return { payload, headers: { ...headers, cookie } };
}

const namesOf = async (client: ReturnType<typeof clientFor>) =>
  (await client.get('/api/contacts')).json().map((c: { name: string }) => c.name);

describe('GET /api/contacts/template', () => {
  it('downloads a CSV with the header and one example row', async () => {
    const { client } = await signedIn();
    const response = await client.get('/api/contacts/template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('name,email,phone,organization,notes');
    expect(lines).toHaveLength(2);
  });

  it('imports cleanly: the template is itself a valid file', async () => {
    const { client, upload } = await signedIn();
    const template = (await client.get('/api/contacts/template')).body;
    const response = await upload(template);
    expect(response.json()).toMatchObject({ imported: 1, skipped: 0, errors: [] });
  });
});

describe('POST /api/contacts/upload', () => {
  it('reads a file Excel saved in the Windows encoding (Windows-1252), accents and euro sign kept', async () => {
    const { client, upload } = await signedIn();
    // é, ü, Œ and € are single bytes there; read as UTF-8 each would be a replacement character.
    const file = Buffer.from(
      'name,email,notes\nJos\xe9 M\xfcller,jm@x.org,\n\x8cuvre Fund,oe@x.org,80 \x80 a year\n',
      'latin1',
    );
    const response = await upload(file);
    expect(response.json()).toMatchObject({ imported: 2, skipped: 0 });
    const contacts = (await client.get('/api/contacts?sort=email')).json();
    expect(contacts.map((c: { name: string; notes: string | null }) => [c.name, c.notes])).toEqual([
      ['José Müller', null],
      ['Œuvre Fund', '80 € a year'],
    ]);
  });

  it('refuses a file partly in UTF-8 and partly not, rather than garble either part', async () => {
    const { client, upload } = await signedIn();
    const utf8 = Buffer.from('name,email\nJosé Müller,jm@x.org\nCafé Zoë,cz@x.org\n', 'utf8');
    const windows = Buffer.from('Ren\xe9e Blanc,rb@x.org\n', 'latin1');
    const response = await upload(Buffer.concat([utf8, windows]));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MIXED_ENCODINGS);
    expect((await client.get('/api/contacts')).json()).toEqual([]);
  });

  it('reads a Windows-1252 file whose capitals before a quote read as other letters in UTF-8', async () => {
    const { client, upload } = await signedIn();
    // «ÉTÉ» and „GRUß“: C9 BB and DF 93 are also two-byte UTF-8 characters.
    const file = Buffer.from(
      'name,email\n\xabÉT\xc9\xbb,ete@x.org\n\x84GRU\xdf\x93,gruss@x.org\n',
      'latin1',
    );
    const response = await upload(file);
    expect(response.json()).toMatchObject({ imported: 2, skipped: 0 });
    const names = (await client.get('/api/contacts?sort=email'))
      .json()
      .map((c: { name: string }) => c.name);
    expect(names).toEqual(['«ÉTÉ»', '„GRUß“']);
  });

  it('reads a file in UTF-16, either byte order, by its byte order mark', async () => {
    const text = 'name,email,notes\r\nJosé Müller,jm@x.org,Café €\r\n';
    const littleEndian = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const bigEndian = Buffer.from(littleEndian).swap16();
    for (const file of [littleEndian, bigEndian]) {
      const { client, upload } = await signedIn();
      const response = await upload(file);
      expect(response.json()).toMatchObject({ imported: 1, skipped: 0 });
      const [contact] = (await client.get('/api/contacts')).json();
      expect([contact.name, contact.notes]).toEqual(['José Müller', 'Café €']);
    }
  });

  it("reads the semicolons of a European Excel's CSV and the tabs of its Unicode Text, in the preview and the import", async () => {
    const semicolons = Buffer.from(
      'Name;E-mail;Organisation\r\nJos\xe9 M\xfcller;jm@x.org;Hope Trust, Inc.\r\n',
      'latin1',
    );
    const unicodeText = Buffer.from(
      'Name\tE-mail\tOrganisation\r\nJosé Müller\tjm@x.org\tHope Trust, Inc.\r\n',
      'utf16le',
    );
    for (const file of [semicolons, unicodeText]) {
      const { client, cookie } = await signedInWithCookie();
      const preview = await app.inject({
        method: 'POST',
        url: '/api/contacts/upload/preview',
        ...withCookie(cookie, undefined, file),
      });
      expect(preview.json().columns).toEqual([
        { header: 'Name', suggestion: 'name', samples: ['José Müller'] },
        { header: 'E-mail', suggestion: 'email', samples: ['jm@x.org'] },
        { header: 'Organisation', suggestion: 'organization', samples: ['Hope Trust, Inc.'] },
      ]);
      const imported = await app.inject({
        method: 'POST',
        url: '/api/contacts/upload',
        ...withCookie(cookie, undefined, file),
      });
      expect(imported.json()).toMatchObject({ imported: 1, skipped: 0 });
      const [contact] = (await client.get('/api/contacts')).json();
      expect([contact.name, contact.organization]).toEqual(['José Müller', 'Hope Trust, Inc.']);
    }
  });

  it('refuses, at once, a file whose first row runs past 64 KB or names over 200 columns', async () => {
    const { client, upload } = await signedIn();
    const started = performance.now();
    const long = await upload(`name,email,${'h'.repeat(5_000_000)}\nA,a@x.org,1\n`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      message: 'The first row of the file is too long: it must name the columns, in at most 64 KB',
    });
    // Before, the parser took seconds over such a row, and every other request waited.
    expect(performance.now() - started).toBeLessThan(2_000);
    const columns = Array.from({ length: 199 }, (_, i) => `c${i}`);
    const wide = await upload(`name,email,${columns.join(',')}\nA,a@x.org\n`);
    expect(wide.statusCode).toBe(400);
    expect(wide.json()).toEqual({
      message: 'The file has 201 columns; at most 200 can be imported',
    });
    expect(await namesOf(client)).toEqual([]);
  });

  it('imports quoted commas and newlines, a BOM and CRLF line ends', async () => {
    const { client, upload } = await signedIn();
    const csv =
      '\uFEFFname,email,phone,organization,notes\r\n' +
      '"Diaz, Carla",carla@river.org,,River Trust,"Line one\r\nline two, with a comma"\r\n' +
      'Ben Okafor,ben@hill.org,555-0102,"The ""Hill"" Fund",\r\n';
    const response = await upload(csv);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Imported 2 contacts, skipped 0 rows',
      imported: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      errors: [],
    });
    const contacts = (await client.get('/api/contacts')).json();
    expect(contacts).toEqual([
      expect.objectContaining({
        name: 'Ben Okafor',
        organization: 'The "Hill" Fund',
        notes: null,
      }),
      expect.objectContaining({
        name: 'Diaz, Carla',
        phone: null,
        notes: 'Line one\r\nline two, with a comma',
      }),
    ]);
  });

  it('accepts header names in any case and order and ignores extra columns', async () => {
    const { client, upload } = await signedIn();
    const csv = 'Email,Favourite Colour,NAME\nzoe@x.org,green,Zoe Park\n';
    expect((await upload(csv)).json().imported).toBe(1);
    expect((await client.get('/api/contacts')).json()[0]).toMatchObject({
      name: 'Zoe Park',
      email: 'zoe@x.org',
      phone: null,
    });
  });

  it('counts one contact and one row in the singular', async () => {
    const { upload } = await signedIn();
    const response = await upload('name,email\nOnly One,only@x.org\nBad Email,not-an-email\n');
    expect(response.json()).toMatchObject({
      message: 'Imported 1 contact, skipped 1 row',
      imported: 1,
      skipped: 1,
    });
  });

  it('reports invalid rows with spreadsheet row numbers and imports the rest', async () => {
    const { client, upload } = await signedIn();
    const csv = [
      'name,email,notes',
      'Good One,good1@x.org,',
      ',missing-name@x.org,',
      '"Multi\nline name",multi@x.org,',
      'Multi-line notes,notes@x.org,"First line\nsecond line"',
      'Bad Email,not-an-email,',
      'Good Two,good2@x.org,',
    ].join('\n');
    const response = await upload(csv);
    expect(response.json()).toEqual({
      message: 'Imported 3 contacts, skipped 3 rows',
      imported: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
      skipped: 3,
      errors: [
        { row: 3, message: 'Name is required' },
        // A name is one line; notes may run over several.
        { row: 4, message: 'Name: Invalid characters' },
        { row: 6, message: 'Invalid email format' },
      ],
    });
    expect(await namesOf(client)).toHaveLength(3);
  });

  it('leaves out, saying why, a row with values past the last column, not the empty cells a spreadsheet adds', async () => {
    const { client, upload } = await signedIn();
    const csv = [
      'name,email,organization',
      // An unquoted comma: the organization was imported as 'Hope Trust', ' Inc.' dropped.
      'Jane Doe,jane@x.org,Hope Trust, Inc.',
      'Ada Lovelace,ada@x.org,Engines,,',
      '"Smith, Jo",jo@x.org,Hope Trust',
    ].join('\n');
    const response = await upload(csv);
    expect(response.json()).toMatchObject({
      imported: 2,
      skipped: 1,
      errors: [
        {
          row: 2,
          message:
            'This row has more values than the file has columns (4 for 3): a value with a comma in it must be in double quotes',
        },
      ],
    });
    expect((await namesOf(client)).sort()).toEqual(['Ada Lovelace', 'Smith, Jo']);
  });

  it('lists at most 100 row errors but counts every skipped row', async () => {
    const { upload } = await signedIn();
    const rows = Array.from({ length: 150 }, (_, i) => `Person ${i},bad-${i}`);
    const response = await upload(['name,email', ...rows].join('\n'));
    expect(response.json().skipped).toBe(150);
    expect(response.json().errors).toHaveLength(100);
    expect(response.json().errors[0]).toEqual({ row: 2, message: 'Invalid email format' });
  });

  it('answers 400 naming a missing name or email column, and imports nothing', async () => {
    const { client, upload } = await signedIn();
    const noEmail = await upload('name,phone\nAda,555\n');
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toContain("'email'");
    const noName = await upload('email\nada@x.org\n');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain("'name'");
    const headerOnly = await upload('phone,notes\n');
    expect(headerOnly.statusCode).toBe(400);
    expect(await namesOf(client)).toEqual([]);
  });

  it('refuses a file that is not CSV with 415 and the spec message', async () => {
    const { upload } = await signedIn();
    const response = await upload('%PDF-1.7', {
      filename: 'report.pdf',
      contentType: 'application/pdf',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Please select a CSV file' });
  });

  it('accepts a .csv file whatever type the browser gave it', async () => {
    const { upload } = await signedIn();
    const response = await upload('name,email\nAl,al@x.org\n', {
      contentType: 'application/vnd.ms-excel',
    });
    expect(response.json().imported).toBe(1);
  });

  it('refuses a request that is not a file upload with 415', async () => {
    const { client } = await signedIn();
    const response = await client.post('/api/contacts/upload', { file: 'name,email' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Please select a CSV file' });
  });

  it('refuses a file over 20 MB with 413 and imports nothing', async () => {
    const { client, upload } = await signedIn();
    const row = `Someone,someone@example.org,,,${'x'.repeat(1000)}\n`;
    const big = `name,email,phone,organization,notes\n${row.repeat(Math.ceil((21 * 1024 * 1024) / row.length))}`;
    const response = await upload(big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toContain('20 MB');
    expect(await namesOf(client)).toEqual([]);
  });

  it('answers malformed CSV with 400 saying which row and what to do, and imports nothing', async () => {
    const { client, upload } = await signedIn();
    const refusals = {
      'name,email\r\nAl,al@x.org\r\n\r\n"Unclosed,a@x.org\r\nBo,bo@x.org\r\n':
        'Row 4 opens a double quote that is never closed, so the rest of the file would be one value: close the quote, or take it out',
      'name;email\nAl;al@x.org\n"Fay" ;f@x.org\n':
        "Row 3 has text after a value's closing double quote: a value in double quotes ends with its quote, then a semicolon",
      'name,email\nSo "Called" Al,al@x.org\n':
        'Row 2 has a double quote inside a value: put the whole value in double quotes, and write each quote inside it twice ("")',
    };
    for (const [file, message] of Object.entries(refusals)) {
      const response = await upload(file);
      expect(response.statusCode, file).toBe(400);
      expect(response.json().message, file).toBe(message);
    }
    expect(await namesOf(client)).toEqual([]);
  });

  it('counts blank rows as a spreadsheet does, and skips them, and rows of separators only, unreported', async () => {
    const { upload } = await signedIn();
    const response = await upload(
      '\nname,email,organization\nAl,al@x.org,\n,,\n\n\nBo,bad,\nCy,cy@x.org,' +
        `${'O'.repeat(201)}\n,,,\n`,
    );
    expect(response.json()).toMatchObject({
      imported: 1,
      skipped: 2,
      errors: [
        { row: 7, message: 'Invalid email format' },
        { row: 8, message: 'Organization: Must be at most 200 characters' },
      ],
    });
  });

  it('refuses a file with more than 10,000 rows that are not contacts, reading no further, and imports nothing', async () => {
    const { client, upload } = await signedIn();
    // One-column rows are the costliest to read; before this limit, 400,000 of them held the
    // server for seconds.
    const rows = ['Valid Person,valid@x.org', ...Array.from({ length: 10_001 }, () => 'a')];
    const refused = async (lines: string[]) => {
      const response = await upload(['name,email', ...lines].join('\n'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: TOO_MANY_INVALID_ROWS });
    };
    await refused(rows);
    // The server stops reading at the limit: a file that goes on far past it, to a quote never
    // closed at its end, is refused for its rows, its end never read (read to the end, it is
    // refused as not CSV).
    await refused([...rows, ...Array.from({ length: 390_000 }, () => 'a'), '"never closed']);
    // Empty rows, left out unreported, count as rows that are not contacts.
    await refused(['Valid Person,valid@x.org', ...Array.from({ length: 10_001 }, () => ',')]);
    expect(await namesOf(client)).toEqual([]);
    // Blank lines cost the parser next to nothing, and are numbered past, however many.
    const blank = await upload(`name,email\n${'\n'.repeat(200_000)}Bo,bad\n`);
    expect(blank.json()).toMatchObject({ skipped: 1, errors: [{ row: 200_002 }] });

    const atTheLimit = await upload(['name,email', ...rows.slice(0, 10_001)].join('\n'));
    expect(atTheLimit.json()).toMatchObject({ imported: 1, skipped: 10_000 });
  });

  it.each([
    ['a boundary the body does not use', 'multipart/form-data; boundary=other'],
    ['no boundary at all', 'multipart/form-data'],
  ])('answers an upload with %s with 400 and imports nothing', async (_, contentType) => {
    const { client, cookie } = await signedInWithCookie();
    const { payload } = multipartFile('name,email\r\nA,a@x.org\r\n');
    const response = await app.inject({
      method: 'POST',
      url: '/api/contacts/upload',
      payload,
      headers: { cookie, 'content-type': contentType },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
    expect(await namesOf(client)).toEqual([]);
  });

  it('refuses two files in one upload with 400 rather than importing one of them', async () => {
    const { client, cookie } = await signedInWithCookie();
    const boundary = 'twofiles';
    const part = (name: string, csv: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\r\n`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/contacts/upload',
      payload: `${part('a.csv', 'name,email\r\nA,a@x.org')}${part('b.csv', 'name,email\r\nB,b@x.org')}--${boundary}--\r\n`,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: ONE_FILE_ONLY });
    expect(await namesOf(client)).toEqual([]);
  });

  it('answers a multipart body cut short after the part headers with 400', async () => {
    const { client, cookie } = await signedInWithCookie();
    const boundary = 'cutshort';
    const response = await app.inject({
      method: 'POST',
      url: '/api/contacts/upload',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\n\r\n`,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(400);
    expect(await namesOf(client)).toEqual([]);
  });

  it('imports a 100,000-row file', async () => {
    const { client, upload } = await signedIn();
    const rows = Array.from(
      { length: 100_000 },
      (_, i) => `Person ${i},p${i}@example.org,,Org ${i % 50},`,
    );
    const response = await upload(['name,email,phone,organization,notes', ...rows].join('\r\n'));
    expect(response.json()).toMatchObject({ imported: 100_000, skipped: 0 });
    expect((await client.get('/api/contacts?limit=1')).headers['x-total-count']).toBe('100000');
    const last = (await client.get('/api/contacts?sort=-createdAt&limit=1')).json();
    expect(last).toEqual([expect.objectContaining({ email: 'p99999@example.org' })]);
  });

  it('requires sign-in', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contacts/upload',
      ...multipartFile('name,email\nA,a@x.org\n'),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('all or nothing', () => {
  const importInto = (companyId: number, batches: AsyncIterable<ImportBatch<ContactValues>>) =>
    importContacts(app.db, createContactsRepository(app.db), companyId, batches, {
      duplicates: 'skip',
      report: { skipped: 0, errors: [] },
      beforeCommit: () => {},
    });

  it('leaves nothing behind when a row fails in the middle of the insert', async () => {
    const { client, user } = await signedIn();
    const rows: ContactValues[] = Array.from({ length: 25_000 }, (_, i) => ({
      name: `Person ${i}`,
      email: `p${i}@x.org`,
      phone: null,
      organization: null,
      notes: null,
    }));
    // Row 22,000 (in the third batch) breaks a NOT NULL constraint after 20,000 rows went in.
    rows[22_000] = { ...(rows[22_000] as ContactValues), name: null as unknown as string };

    const batches = async function* () {
      for (let start = 0; start < rows.length; start += 10_000) {
        const values = rows.slice(start, start + 10_000);
        yield { values, rows: values.map((_, i) => start + i + 2) };
      }
    };
    await expect(importInto(user.companyId, batches())).rejects.toThrow();
    expect(await namesOf(client)).toEqual([]);
  });

  it('leaves nothing behind when the file turns out bad after its rows went in', async () => {
    const { client, user } = await signedIn();
    const batches = async function* () {
      yield {
        values: [{ name: 'Ada', email: 'a@x.org', phone: null, organization: null, notes: null }],
        rows: [2],
      };
      throw new Error('the file is not valid CSV further on');
    };
    await expect(importInto(user.companyId, batches())).rejects.toThrow(
      'the file is not valid CSV further on',
    );
    expect(await namesOf(client)).toEqual([]);
  });
});

describe('an export imported again', () => {
  it('comes back as it was, texts a spreadsheet would run as formulas included', async () => {
    const from = await signedIn();
    const contact = {
      name: '-Dash Cooper',
      email: 'dash@example.org',
      phone: '+44 20 7946 0000',
      organization: '@Home Trust',
      notes: '=SUM(A1) is no formula here',
    };
    expect((await from.client.post('/api/contacts', contact)).statusCode).toBe(201);
    const exported = await from.client.get('/api/contacts/export');
    expect(exported.body).toContain("'+44 20 7946 0000");

    const into = await signedIn();
    const imported = await into.upload(exported.body);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await into.client.get('/api/contacts')).json()).toMatchObject([contact]);
  });

  it('with duplicates updated, leaves alone the contacts that share an email, and finds them up to date', async () => {
    const { client, upload } = await signedIn();
    const shared = [
      { name: 'Alice Shared', email: 'info@shared.org', phone: '111' },
      { name: 'Bob Shared', email: 'INFO@shared.org', phone: '222' },
    ];
    for (const contact of shared) {
      expect((await client.post('/api/contacts', contact)).statusCode).toBe(201);
    }
    const exported = await client.get('/api/contacts/export');
    const again = await upload(exported.body, { fields: { duplicates: 'update' } });
    expect(again.json()).toMatchObject({ imported: 0, updated: 0, unchanged: 2, skipped: 0 });

    // A row that neither of them holds cannot say which to change: it is skipped, and why said.
    const changed = await upload('name,email,phone\nCarol Shared,info@shared.org,333\n', {
      fields: { duplicates: 'update' },
    });
    expect(changed.json()).toMatchObject({
      imported: 0,
      skipped: 1,
      errors: [{ row: 2, message: EMAIL_OF_SEVERAL_CONTACTS }],
    });
    const contacts = (await client.get('/api/contacts?sort=name')).json();
    expect(contacts).toMatchObject(shared);
  });
});
