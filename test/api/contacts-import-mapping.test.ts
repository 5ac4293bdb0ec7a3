import { describe, expect, it } from 'vitest';
import { DUPLICATE_OF_CONTACT, duplicateOfRow } from '../../src/domain/contacts.ts';
import { IMPORT_RUNNING, takeImportTurn } from '../../src/server/db/company-turns.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { registerCompany } from '../helpers/factories.ts';
import { type Client, clientFor, multipartFile } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

async function signedIn() {
  const { cookie } = await registerCompany(app);
  const send = (
    url: string,
    content: string | Buffer,
    fields?: Record<string, string | string[]>,
  ) => {
    const { payload, headers } = multipartFile(content, fields ? { fields } : {});
    return app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie } });
  };
  return {
    client: clientFor(app, cookie),
    preview: (content: string | Buffer) => send('/api/contacts/upload/preview', content),
    upload: (content: string, fields?: Record<string, string | string[]>) =>
      send('/api/contacts/upload', content, fields),
  };
}

interface Listed {
  name: string;
  email: string;
  phone: string | null;
  organization: string | null;
  notes: string | null;
}
const contactsOf = async (client: Client): Promise<Listed[]> =>
  (await client.get('/api/contacts?sort=email&limit=100')).json();

/** A file as another CRM exports it: its own column names and order, and a column of its own. */
const OTHER_CRM = [
  'Full Name,Favourite Colour,E-mail,Company,Telephone,Comments',
  'Ada Lovelace,green,ada@x.org,Analytical Fund,555-0101,Met at the gala',
  'Ben Okafor,blue,ben@x.org,,555-0102,',
  'Cleo Diaz,red,cleo@x.org,River Trust,,"Quoted, with a comma"',
  'Dev Patel,,dev@x.org,,,',
  'Eve Moss,,eve@x.org,,,',
  'Finn Lee,,finn@x.org,,,',
].join('\r\n');

describe('POST /api/contacts/upload/preview', () => {
  it("suggests each column's field from its header and shows its first five values", async () => {
    const { preview, client } = await signedIn();
    const response = await preview(OTHER_CRM);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      columns: [
        {
          header: 'Full Name',
          suggestion: 'name',
          samples: ['Ada Lovelace', 'Ben Okafor', 'Cleo Diaz', 'Dev Patel', 'Eve Moss'],
        },
        { header: 'Favourite Colour', suggestion: null, samples: ['green', 'blue', 'red', '', ''] },
        {
          header: 'E-mail',
          suggestion: 'email',
          samples: ['ada@x.org', 'ben@x.org', 'cleo@x.org', 'dev@x.org', 'eve@x.org'],
        },
        {
          header: 'Company',
          suggestion: 'organization',
          samples: ['Analytical Fund', '', 'River Trust', '', ''],
        },
        { header: 'Telephone', suggestion: 'phone', samples: ['555-0101', '555-0102', '', '', ''] },
        {
          header: 'Comments',
          suggestion: 'notes',
          samples: ['Met at the gala', '', 'Quoted, with a comma', '', ''],
        },
      ],
    });
    // A preview imports nothing.
    expect(await contactsOf(client)).toEqual([]);
  });

  it('suggests the template columns for the template, and a field for its first column only', async () => {
    const { preview } = await signedIn();
    const template = await preview(
      'name,email,phone,organization,notes,Email\nA,a@x.org,,,,b@x.org',
    );
    expect(template.json().columns.map((c: { suggestion: unknown }) => c.suggestion)).toEqual([
      'name',
      'email',
      'phone',
      'organization',
      'notes',
      null,
    ]);
  });

  it('previews a file in the Windows encoding (Windows-1252) as it will be imported', async () => {
    const { preview } = await signedIn();
    const response = await preview(
      Buffer.from('Name,Notes\nJos\xe9 M\xfcller,80 \x80\n', 'latin1'),
    );
    expect(response.json().columns.map((c: { samples: string[] }) => c.samples)).toEqual([
      ['José Müller'],
      ['80 €'],
    ]);
  });

  it('previews the beginning of a large file whose last row is cut off', async () => {
    const { preview } = await signedIn();
    const cut = 'name,email,notes\nA,a@x.org,one\nB,b@x.org,"two, and the rest of a long no';
    const response = await preview(cut);
    expect(response.statusCode).toBe(200);
    expect(response.json().columns[2]).toEqual({
      header: 'notes',
      suggestion: 'notes',
      samples: ['one'],
    });
  });

  it('says what the import would of a row it cannot read, and of an empty file', async () => {
    const { preview, upload, client } = await signedIn();
    for (const file of [
      'name,email\n=HYPERLINK("x"),f1@x.org\nAda,ada@x.org\n',
      'name,email\nAda,ada@x.org\n"Ben" Okafor,ben@x.org\n',
    ]) {
      const previewed = await preview(file);
      const imported = await upload(file);
      expect(imported.statusCode).toBe(400);
      expect(previewed.statusCode).toBe(400);
      expect(previewed.json().message).toMatch(
        /^Row \d has (a double quote inside a value|text after a value's closing double quote)/,
      );
      expect(previewed.json().message).toBe(imported.json().message);
    }
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty: its first row must name the columns');
    expect(await contactsOf(client)).toEqual([]);
  });

  it('answers 400 for an empty file or one with too many columns, and 415 for another type', async () => {
    const { preview, upload } = await signedIn();
    const empty = await preview('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty: its first row must name the columns');
    // Its columns' names only, or rows of separators: nothing to import, said before it is.
    for (const file of ['name,email\n', 'name,email\r\n,\r\n\r\n']) {
      const headerOnly = await preview(file);
      expect(headerOnly.statusCode).toBe(400);
      expect(headerOnly.json().message).toBe(
        'The file has no rows under its first row: there is nothing to import',
      );
      // Sent to the import without a preview (through the API), the same: not "Imported 0".
      const imported = await upload(file);
      expect(imported.statusCode).toBe(400);
      expect(imported.json().message).toBe(headerOnly.json().message);
    }
    // Rows of separators before the first filled one, or a first row the beginning sent cuts
    // off inside quotes: rows there are.
    for (const file of [
      `name,email\n${',\n'.repeat(5)}Ada,ada@x.org\n`,
      'name,notes\nAda,"a long',
    ]) {
      expect((await preview(file)).statusCode, file).toBe(200);
    }

    const wide = await preview(Array.from({ length: 201 }, (_, i) => `c${i}`).join(','));
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe('The file has 201 columns; at most 200 can be imported');

    const { cookie } = await registerCompany(app);
    const { payload, headers } = multipartFile('x', {
      filename: 'photo.png',
      contentType: 'image/png',
    });
    const png = await app.inject({
      method: 'POST',
      url: '/api/contacts/upload/preview',
      payload,
      headers: { ...headers, cookie },
    });
    expect(png.statusCode).toBe(415);
    expect(png.json().message).toBe('Please select a CSV file');
  });
});

describe('POST /api/contacts/upload with a mapping', () => {
  it('imports a file with renamed headers as the header suggests, when no mapping is sent', async () => {
    const { upload, client } = await signedIn();
    const response = await upload(OTHER_CRM);
    expect(response.json()).toMatchObject({ imported: 6, created: 6, updated: 0, skipped: 0 });
    expect((await contactsOf(client))[0]).toEqual(
      expect.objectContaining({
        name: 'Ada Lovelace',
        email: 'ada@x.org',
        organization: 'Analytical Fund',
        phone: '555-0101',
        notes: 'Met at the gala',
      }),
    );
  });

  it("takes each field from the column the mapping names, and leaves out the columns it doesn't import", async () => {
    const { upload, client } = await signedIn();
    // The colour goes to notes; the comments and the company are not imported.
    const mapping = JSON.stringify(['name', 'notes', 'email', null, 'phone', null]);
    const response = await upload(OTHER_CRM, { mapping });
    expect(response.json()).toMatchObject({ created: 6, skipped: 0 });
    expect((await contactsOf(client)).slice(0, 2)).toEqual([
      expect.objectContaining({ name: 'Ada Lovelace', notes: 'green', organization: null }),
      expect.objectContaining({ name: 'Ben Okafor', notes: 'blue', phone: '555-0102' }),
    ]);
  });

  it.each([
    ['not JSON', '[name', 'The column mapping is not valid JSON'],
    ['not a list', '{"name":0}', 'The column mapping must be a list of fields'],
    [
      'an unknown field',
      '["name","email","city"]',
      'The column mapping names "city", which is not a field: use one of name, email, phone, organization, notes, or null',
    ],
    ['one column for three', '["name"]', 'The column mapping names 1 column, but the file has 3'],
    [
      'a long unknown field, cut between characters',
      JSON.stringify(['😀'.repeat(50), 'name', 'email']),
      `The column mapping names "${'😀'.repeat(39)}…, which is not a field: use one of name, email, phone, organization, notes, or null`,
    ],
    [
      'one field twice',
      '["name","email","email"]',
      'Each field can be imported from one column only',
    ],
    ['no email column', '["name",null,null]', 'Choose a column to import as Email'],
    ['no name or email', '[null,null,"notes"]', 'Choose a column to import as Name and Email'],
    [
      'the wrong number of columns',
      '["name","email"]',
      'The column mapping names 2 columns, but the file has 3',
    ],
  ])('answers 400 for a mapping with %s, and imports nothing', async (_, mapping, message) => {
    const { upload, client } = await signedIn();
    const response = await upload('Who,Mail,Notes\nAda,ada@x.org,n\n', { mapping });
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
    else expect(response.json().message).toMatch(/./);
    expect(await contactsOf(client)).toEqual([]);
  });

  it.each([
    ['mapping', ['["name","email",null]', '["name",null,"email"]']],
    ['duplicates', ['skip', 'create']],
  ])('answers 400 for an upload that sends %s twice, and imports nothing', async (name, values) => {
    const { upload, client } = await signedIn();
    const response = await upload('Who,Mail,Notes\nAda,ada@x.org,n\n', { [name]: values });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`The upload's form field '${name}' is sent twice`);
    expect(await contactsOf(client)).toEqual([]);
  });

  it('answers 400 for an unknown duplicates choice', async () => {
    const { upload } = await signedIn();
    const response = await upload('name,email\nAda,ada@x.org\n', { duplicates: 'merge' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('duplicates must be one of: skip, update, create');
  });
});

describe('duplicates', () => {
  /** Ada is already a contact; Ben appears twice in the file, the second time in upper case. */
  const FILE = [
    'name,email,phone,organization,notes',
    'Ada King,ADA@x.org,555-0199,,',
    'Ben Okafor,ben@x.org,555-0102,Hill Fund,first',
    'Ben O.,BEN@X.ORG,,,second',
    'Cleo Diaz,cleo@x.org,,,',
  ].join('\n');

  async function withAda() {
    const session = await signedIn();
    const created = await session.client.post('/api/contacts', {
      name: 'Ada Lovelace',
      email: 'ada@x.org',
      phone: null,
      organization: 'Analytical Fund',
      notes: 'keep me',
    });
    expect(created.statusCode).toBe(201);
    return session;
  }

  it('skips a row whose email a contact or an earlier row has, by default, and says which', async () => {
    const { upload, client } = await withAda();
    const response = await upload(FILE);
    expect(response.json()).toEqual({
      message: 'Imported 2 contacts, skipped 2 rows',
      imported: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: 2,
      errors: [
        { row: 2, message: DUPLICATE_OF_CONTACT },
        { row: 4, message: duplicateOfRow(3) },
      ],
    });
    expect((await contactsOf(client)).map((c) => [c.name, c.email])).toEqual([
      ['Ada Lovelace', 'ada@x.org'],
      ['Ben Okafor', 'ben@x.org'],
      ['Cleo Diaz', 'cleo@x.org'],
    ]);
  });

  it('updates the contact instead when asked, keeping what a blank cell leaves out', async () => {
    const { upload, client } = await withAda();
    const response = await upload(FILE, { duplicates: 'update' });
    // Updated: the contact there before that the file changed (Ada), and the contact the first
    // Ben row made, which the second one changes.
    expect(response.json()).toMatchObject({
      message: 'Imported 2 new contacts, updated 2, skipped 0 rows',
      imported: 4,
      created: 2,
      updated: 2,
      unchanged: 0,
      skipped: 0,
      errors: [],
    });
    expect(await contactsOf(client)).toEqual([
      expect.objectContaining({
        name: 'Ada King',
        email: 'ada@x.org',
        phone: '555-0199',
        organization: 'Analytical Fund',
        notes: 'keep me',
      }),
      // The second Ben row updated the contact the first one created.
      expect.objectContaining({
        name: 'Ben O.',
        email: 'ben@x.org',
        phone: '555-0102',
        organization: 'Hill Fund',
        notes: 'second',
      }),
      expect.objectContaining({ name: 'Cleo Diaz' }),
    ]);
    // The same file again: every row matches a contact that already holds its values, and the
    // answer says so rather than counting them nowhere.
    const again = await upload(FILE, { duplicates: 'update' });
    expect(again.json()).toMatchObject({
      message: 'Imported 0 contacts, skipped 0 rows, 4 rows already up to date',
      imported: 0,
      created: 0,
      updated: 0,
      unchanged: 4,
      skipped: 0,
    });
  });

  /**
   * Rows repeating an email in one batch of the file: two of Ada's, who is already a contact,
   * and three of Ben's, new, the second of them adding nothing to the first.
   */
  const REPEATS = [
    'name,email,phone,organization,notes',
    'Ada King,ada@x.org,555-0199,,',
    'Ada K.,ADA@x.org,,,',
    'Ben Okafor,ben@x.org,555-0102,Hill Fund,first',
    'Ben Okafor,Ben@x.org,,,',
    'Ben O.,ben@x.org,,,second',
    'Cleo Diaz,cleo@x.org,,,',
  ].join('\n');
  const rowsOf = (file: string) => file.split('\n').length - 1;
  const accountedFor = (answer: Record<string, number>) =>
    (answer.created ?? 0) + (answer.updated ?? 0) + (answer.unchanged ?? 0) + (answer.skipped ?? 0);

  it('counts each row repeating an email, as the update it makes to the contact before it, or as already up to date', async () => {
    const { upload, client } = await withAda();
    const response = await upload(REPEATS, { duplicates: 'update' });
    // Ada: updated twice. Ben: created, then up to date, then updated. Cleo: created.
    expect(response.json()).toMatchObject({
      message: 'Imported 2 new contacts, updated 3, skipped 0 rows, 1 row already up to date',
      imported: 5,
      created: 2,
      updated: 3,
      unchanged: 1,
      skipped: 0,
    });
    expect(accountedFor(response.json())).toBe(rowsOf(REPEATS));
    expect(await contactsOf(client)).toEqual([
      expect.objectContaining({
        name: 'Ada K.',
        phone: '555-0199',
        organization: 'Analytical Fund',
        notes: 'keep me',
      }),
      expect.objectContaining({
        name: 'Ben O.',
        email: 'ben@x.org',
        phone: '555-0102',
        organization: 'Hill Fund',
        notes: 'second',
      }),
      expect.objectContaining({ name: 'Cleo Diaz' }),
    ]);
    // Each contact is written once, as the file leaves it: Ben's history is his creation.
    const ben = (await client.get('/api/contacts?q=ben%40x.org')).json()[0];
    const history = (await client.get(`/api/activity?entity=contact&id=${ben.id}`)).json();
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['created']);

    // The same file again leaves every contact as it is: each of its rows is up to date, though
    // Ben's rows, one after another, would change him and change him back.
    const again = await upload(REPEATS, { duplicates: 'update' });
    expect(again.json()).toMatchObject({
      message: 'Imported 0 contacts, skipped 0 rows, 6 rows already up to date',
      created: 0,
      updated: 0,
      unchanged: 6,
      skipped: 0,
    });
  });

  it('counts each row repeating an email when duplicates are skipped or imported anyway', async () => {
    const skipping = await withAda();
    const skipped = await skipping.upload(REPEATS);
    expect(skipped.json()).toMatchObject({
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: 4,
      errors: [
        { row: 2, message: DUPLICATE_OF_CONTACT },
        { row: 3, message: duplicateOfRow(2) },
        { row: 5, message: duplicateOfRow(4) },
        { row: 6, message: duplicateOfRow(4) },
      ],
    });
    expect(accountedFor(skipped.json())).toBe(rowsOf(REPEATS));
    expect(await contactsOf(skipping.client)).toHaveLength(3);

    const anyway = await withAda();
    const created = await anyway.upload(REPEATS, { duplicates: 'create' });
    expect(created.json()).toMatchObject({ created: 6, updated: 0, unchanged: 0, skipped: 0 });
    expect(await contactsOf(anyway.client)).toHaveLength(7);
  });

  it('imports every row anyway when asked', async () => {
    const { upload, client } = await withAda();
    const response = await upload(FILE, { duplicates: 'create' });
    expect(response.json()).toMatchObject({ created: 4, updated: 0, skipped: 0 });
    expect(await contactsOf(client)).toHaveLength(5);
  });

  it("never counts another company's contact as a duplicate", async () => {
    const other = await withAda();
    const { upload, client } = await signedIn();
    const response = await upload(FILE, { duplicates: 'update' });
    // Ada is new here; the second Ben row updates the contact the first one makes.
    expect(response.json()).toMatchObject({ created: 3, updated: 1, unchanged: 0, skipped: 0 });
    // The other company's Ada is as it was.
    expect((await contactsOf(other.client))[0]).toEqual(
      expect.objectContaining({ name: 'Ada Lovelace', phone: null }),
    );
    expect(await contactsOf(client)).toHaveLength(3);
  });

  it('finds a duplicate of a row thousands of rows earlier, in another batch of the file', async () => {
    const { upload, client } = await signedIn();
    const rows = Array.from({ length: 12_000 }, (_, i) => `P ${i},p${i}@x.org`);
    const file = ['name,email', ...rows, 'P 0 again,P0@x.org'].join('\n');
    const skipped = await upload(file);
    expect(skipped.json()).toMatchObject({
      created: 12_000,
      skipped: 1,
      errors: [{ row: 12_002, message: duplicateOfRow(2) }],
    });
    // Updating from the same file changes one contact: the name of the last row's. Every other
    // row finds its contact up to date.
    const updated = await upload(file, { duplicates: 'update' });
    expect(updated.json()).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: 12_000,
      skipped: 0,
    });
    const renamed = await client.get('/api/contacts?q=p0%40x.org');
    expect(renamed.json()).toEqual([expect.objectContaining({ name: 'P 0 again' })]);
    const total = (await client.get('/api/contacts?limit=1')).headers['x-total-count'];
    expect(total).toBe('12000');

    // Every row of every batch is found among the contacts the first upload made.
    const again = await upload(file);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, skipped: 12_001 });
    expect(again.json().errors[0]).toEqual({ row: 2, message: DUPLICATE_OF_CONTACT });

    // A contact's email in the middle of a later batch: that row, and only it, is left out.
    const fresh = Array.from({ length: 5_000 }, (_, i) =>
      i === 3_500 ? 'Known again,P7@X.ORG' : `Q ${i},q${i}@x.org`,
    );
    const mixed = await upload(['name,email', ...fresh].join('\n'));
    expect(mixed.json()).toMatchObject({
      created: 4_999,
      skipped: 1,
      errors: [{ row: 3_502, message: DUPLICATE_OF_CONTACT }],
    });
    const after = (await client.get('/api/contacts?limit=1')).headers['x-total-count'];
    expect(after).toBe('16999');
  });

  it('imports a file sent twice at once only once: the second is refused or skips every row', async () => {
    const { upload, client } = await signedIn();
    const rows = Array.from({ length: 3_000 }, (_, i) => `Twice ${i},twice${i}@x.org`);
    const file = ['name,email', ...rows].join('\n');
    const answers = await Promise.all([upload(file), upload(file)]);
    const outcomes = answers.map((answer) =>
      answer.statusCode === 409
        ? answer.json().message
        : [answer.statusCode, answer.json().created, answer.json().skipped],
    );
    const second = outcomes.find((outcome) => !(Array.isArray(outcome) && outcome[1] === 3_000));
    expect(outcomes).toContainEqual([200, 3_000, 0]);
    expect([IMPORT_RUNNING, [200, 0, 3_000]]).toContainEqual(second);
    const total = (await client.get('/api/contacts?limit=1')).headers['x-total-count'];
    expect(total).toBe('3000');
  });

  it("refuses an import while another of the company's runs, and lets other companies' through", async () => {
    const owner = await registerCompany(app);
    const { upload } = await signedIn();
    const send = (fields?: Record<string, string>) => {
      const { payload, headers } = multipartFile(
        'name,email\nTurn,turn@x.org',
        fields ? { fields } : {},
      );
      return app.inject({
        method: 'POST',
        url: '/api/contacts/upload',
        payload,
        headers: { ...headers, cookie: owner.cookie },
      });
    };
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = () => {};
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    // Another import of the company holds its turn, as one does while it runs.
    const running = inCompany(app.db, owner.user.companyId, async (tx) => {
      await takeImportTurn(tx, owner.user.companyId);
      held();
      await released;
    });
    await holding;
    try {
      // Whatever it does with duplicates, and an import of grants too: each import holds a
      // pooled connection while it writes, so a company runs one at a time.
      for (const duplicates of ['skip', 'update', 'create']) {
        const refused = await send({ duplicates });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({ message: IMPORT_RUNNING });
      }
      const grantsFile = multipartFile('Name,Funder,Amount requested,Due date\nG,F,1,2027-01-01');
      const grantsRefused = await app.inject({
        method: 'POST',
        url: '/api/grants/upload',
        payload: grantsFile.payload,
        headers: { ...grantsFile.headers, cookie: owner.cookie },
      });
      expect(grantsRefused.statusCode, grantsRefused.body).toBe(409);
      expect(grantsRefused.json()).toEqual({ message: IMPORT_RUNNING });
      // Another company imports meanwhile.
      expect((await upload('name,email\nElse,else@x.org')).json()).toMatchObject({ created: 1 });
    } finally {
      release();
      await running;
    }
    // Its turn given back, the company imports again.
    expect((await send()).json()).toMatchObject({ created: 1, skipped: 0 });
  });
});
