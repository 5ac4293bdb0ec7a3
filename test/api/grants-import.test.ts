import { describe, expect, it } from 'vitest';
import { TOO_MANY_INVALID_GRANT_ROWS } from '../../src/domain/grants.ts';
import { registerCompany } from '../helpers/factories.ts';
import { type Client, clientFor, multipartFile, setCompanyTimeZone } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

async function signedIn() {
  const { cookie } = await registerCompany(app);
  const send = (url: string, content: string | Buffer, fields?: Record<string, string>) => {
    const { payload, headers } = multipartFile(content, fields ? { fields } : {});
    return app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie } });
  };
  return {
    cookie,
    client: clientFor(app, cookie),
    preview: (content: string) => send('/api/grants/upload/preview', content),
    upload: (content: string | Buffer, fields?: Record<string, string>) =>
      send('/api/grants/upload', content, fields),
  };
}

const grantsOf = async (client: Client) =>
  (await client.get('/api/grants?sort=name&limit=100')).json();

/** A grants spreadsheet as a team keeps it: its own names, money as text, a column of its own. */
const SPREADSHEET = [
  'Grant Title,Foundation,Owner,Ask,Deadline,Stage,Award Amount,Comments',
  'Reading Corps,River Trust,Sam,"$50,000",2027-03-31,In Progress,,Second year',
  'Food Bank Van,City Fund,Ana,12000,2027-01-15,awarded,"$10,000",',
  'Clinic Roof,Builders Fund,Sam,"7,500",5/1/2027,,,Blank status is a draft',
].join('\r\n');

describe('POST /api/grants/upload in the Windows encoding', () => {
  it('reads a spreadsheet Excel saved as Windows-1252: the funder keeps its accents', async () => {
    const { upload, client } = await signedIn();
    const file = Buffer.from(
      'Name,Funder,Amount requested,Due date\nCaf\xe9 Stipends,Fondation Cr\xe9dit \x80,500,2027-03-31\n',
      'latin1',
    );
    expect((await upload(file)).json()).toMatchObject({ created: 1, skipped: 0 });
    expect(await grantsOf(client)).toMatchObject([
      { name: 'Café Stipends', funder: 'Fondation Crédit €' },
    ]);
  });
});

describe('GET /api/grants/template', () => {
  it('downloads the columns of the export with one example grant, which imports as it is', async () => {
    const { cookie, upload, client } = await signedIn();
    const response = await app.inject({
      method: 'GET',
      url: '/api/grants/template',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="grants-template.csv"',
    );
    expect(response.body.startsWith('\ufeff')).toBe(true);
    const [header] = response.body.slice(1).split('\r\n');
    expect(header).toBe(
      'Name,Funder,Amount requested,Due date,Status,Amount awarded,Awarded on,Period start,Period end,Document,Notes',
    );
    const imported = await upload(response.body);
    expect(imported.json()).toMatchObject({ created: 1, skipped: 0, errors: [] });
    expect(await grantsOf(client)).toMatchObject([
      {
        name: 'Youth Literacy Program',
        funder: 'Example Foundation',
        amount: 50000,
        status: 'draft',
        documentUrl: 'https://example.org/proposal',
      },
    ]);
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/grants/template' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/grants/upload/preview', () => {
  it("suggests each column's field from its header and imports nothing", async () => {
    const { preview, client } = await signedIn();
    const response = await preview(SPREADSHEET);
    expect(response.statusCode).toBe(200);
    const { columns } = response.json();
    expect(columns.map((c: { suggestion: string | null }) => c.suggestion)).toEqual([
      'name',
      'funder',
      null,
      'amount',
      'dueDate',
      'status',
      'awardedAmount',
      'notes',
    ]);
    expect(columns[3].samples).toEqual(['$50,000', '12000', '7,500']);
    expect(await grantsOf(client)).toEqual([]);
  });
});

describe('POST /api/grants/upload', () => {
  it('imports with the suggested mapping: amounts written as money, statuses in words', async () => {
    const { upload, client } = await signedIn();
    const response = await upload(SPREADSHEET);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Imported 3 grants, skipped 0 rows',
      imported: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      errors: [],
    });
    expect(await grantsOf(client)).toMatchObject([
      {
        name: 'Clinic Roof',
        funder: 'Builders Fund',
        amount: 7500,
        status: 'draft',
        dueDate: '2027-05-01T12:00:00.000Z',
      },
      {
        name: 'Food Bank Van',
        amount: 12000,
        status: 'awarded',
        awardedAmount: 10000,
        // A day is kept at noon UTC: the same day wherever the team reads it.
        dueDate: '2027-01-15T12:00:00.000Z',
      },
      { name: 'Reading Corps', amount: 50000, status: 'in-progress', notes: 'Second year' },
    ]);
    // Each new funder name has its record, as when a grant is saved by hand.
    const funders = (await client.get('/api/funders?sort=name')).json();
    expect(funders.map((f: { name: string }) => f.name)).toEqual([
      'Builders Fund',
      'City Fund',
      'River Trust',
    ]);
  });

  it('awards an Awarded row what it asks for when the file has no award columns, as the API does; a blank award cell is none', async () => {
    const { upload, client } = await signedIn();
    const created = await client.post('/api/grants', {
      name: 'By Hand',
      funder: 'F',
      amount: 780,
      dueDate: '2027-03-31',
      status: 'awarded',
    });
    expect(created.json()).toMatchObject({ awardedAmount: 780, awardFilledIn: true });
    await upload('Name,Funder,Amount,Due Date,Status\r\nNo Award Columns,F,780,2027-03-31,Awarded');
    await upload(
      'Name,Funder,Amount,Due Date,Status,Amount awarded,Awarded on\r\n' +
        'Award Cleared,F,780,2027-03-31,Awarded,,\r\n' +
        'Award Dated,F,780,2027-03-31,Awarded,,2027-01-15\r\n' +
        // Shorter than the header: its last cells are blank, as a spreadsheet shows them.
        'Short Row,F,780,2027-03-31,Awarded',
    );
    const grants = await grantsOf(client);
    const award = (name: string) => {
      const { awardedAmount, awardedDate, awardFilledIn } = grants.find(
        (grant: { name: string }) => grant.name === name,
      );
      return { awardedAmount, awardedDate, awardFilledIn };
    };
    expect(award('No Award Columns')).toEqual(award('By Hand'));
    expect(award('Award Cleared')).toEqual({
      awardedAmount: null,
      awardedDate: null,
      awardFilledIn: false,
    });
    expect(award('Short Row')).toEqual(award('Award Cleared'));
    expect(award('Award Dated')).toEqual({
      awardedAmount: null,
      awardedDate: '2027-01-15T12:00:00.000Z',
      awardFilledIn: false,
    });
  });

  it("imports with the user's mapping, leaving out the columns mapped to nothing", async () => {
    const { upload, client } = await signedIn();
    const mapping = ['name', 'funder', 'notes', 'amount', 'dueDate', null, null, null];
    const response = await upload(SPREADSHEET, { mapping: JSON.stringify(mapping) });
    expect(response.json()).toMatchObject({ created: 3, skipped: 0 });
    const grants = await grantsOf(client);
    expect(grants.map((g: { notes: string; status: string }) => [g.notes, g.status])).toEqual([
      ['Sam', 'draft'],
      ['Ana', 'draft'],
      ['Sam', 'draft'],
    ]);
  });

  it('lists each row that is not a grant with why, and imports the others', async () => {
    const { upload, client } = await signedIn();
    const file = [
      'Name,Funder,Amount requested,Due date,Status,Period start,Period end',
      'Good,F1,100,2027-01-01,Draft,,',
      ',F1,100,2027-01-01,,,',
      'No money,F1,lots,2027-01-01,,,',
      'Bad status,F1,100,2027-01-01,Pending review,,',
      'Bad date,F1,100,someday,,,',
      'Far future,F1,100,99999-01-01,,,',
      'Backwards,F1,100,2027-01-01,,2027-06-01,2027-01-01',
      'Negative,F1,-5,2027-01-01,,,',
      'European,F1,50.000,2027-01-01,,,',
      'Euros,F1,"€1,200",2027-01-01,,,',
      'No such day,F1,100,2027-02-30,,,',
      'Just a number,F1,100,5,,,',
      'No such day at a time,F1,100,2027-02-30T09:30:00Z,,,',
      'Timed,F1,"$1,250.00",2027-01-01T09:30:00Z,,,',
    ].join('\n');
    const response = await upload(file);
    expect(response.statusCode).toBe(200);
    const money = 'Amount requested must be a number of dollars, such as 50000 or $50,000';
    const day = 'Due date must be a date such as 2027-03-31 or 3/31/2027';
    expect(response.json()).toEqual({
      message: 'Imported 2 grants, skipped 12 rows',
      imported: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: 12,
      errors: [
        { row: 3, message: 'Name is required' },
        { row: 4, message: money },
        { row: 5, message: 'Invalid status value' },
        { row: 6, message: day },
        { row: 7, message: day },
        { row: 8, message: 'Period end: The period cannot end before it starts' },
        { row: 9, message: 'Amount requested: Amount must be positive' },
        // A dot before three digits is a European thousands mark, not cents: refused.
        { row: 10, message: money },
        { row: 11, message: money },
        { row: 12, message: day },
        { row: 13, message: day },
        { row: 14, message: day },
      ],
    });
    expect(await grantsOf(client)).toMatchObject([
      { name: 'Good', dueDate: '2027-01-01T12:00:00.000Z' },
      { name: 'Timed', amount: 1250, dueDate: '2027-01-01T09:30:00.000Z' },
    ]);
  });

  it('refuses a choice of what duplicates do: a grant already here is skipped', async () => {
    const { upload, client } = await signedIn();
    const response = await upload(SPREADSHEET, { duplicates: 'skip' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'A grants file has no duplicates choice: a row naming a grant already here (its name, funder and due date) is skipped',
    );
    expect(await grantsOf(client)).toEqual([]);
  });

  it('skips a grant already here, or earlier in the file: a file imported twice adds nothing', async () => {
    const { upload, client } = await signedIn();
    const first = await upload(SPREADSHEET);
    expect(first.json()).toMatchObject({ created: 3, skipped: 0 });
    // The same file again, a row of it in other cases, and one row twice in a file of its own.
    const again = await upload(SPREADSHEET);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      message: 'Imported 0 grants, skipped 3 rows',
      created: 0,
      skipped: 3,
      errors: [2, 3, 4].map((row) => ({
        row,
        message:
          'A grant with this name, funder and due date is already here (or earlier in the file)',
      })),
    });
    const cased = [
      'Name,Funder,Amount,Due date',
      'READING CORPS,river trust,1,2027-03-31',
      'Reading Corps,River Trust,1,2027-04-01',
      'Night School,Hill Fund,1,2027-05-01',
      'Night School,Hill Fund,2,2027-05-01',
    ].join('\r\n');
    const mixed = await upload(cased);
    expect(mixed.json()).toMatchObject({
      created: 2,
      skipped: 2,
      errors: [{ row: 2 }, { row: 5 }],
    });
    const names = (await grantsOf(client)).map(
      (grant: { name: string; dueDate: string }) => `${grant.name} ${grant.dueDate.slice(0, 10)}`,
    );
    expect(names).toEqual([
      'Clinic Roof 2027-05-01',
      'Food Bank Van 2027-01-15',
      'Night School 2027-05-01',
      'Reading Corps 2027-03-31',
      'Reading Corps 2027-04-01',
    ]);
  });

  it('knows a grant here by its due day where the company is, whatever hour it was given', async () => {
    const { upload, client } = await signedIn();
    const file = 'Name,Funder,Amount,Due date\r\nRoof,Hill,1,2027-03-31\r\n';
    expect((await upload(file)).json()).toMatchObject({ created: 1 });
    // Imported first, the time zone set after: noon is now another hour of the same day.
    await setCompanyTimeZone(client, 'America/New_York');
    expect((await upload(file)).json()).toMatchObject({ created: 0, skipped: 1 });
    // Entered by hand that day at 17:00 there, then imported: the same grant.
    const byHand = await client.post('/api/grants', {
      name: 'Van',
      funder: 'Hill',
      amount: 1,
      dueDate: '2027-04-01T21:00:00.000Z',
    });
    expect(byHand.statusCode, byHand.body).toBe(201);
    const van = 'Name,Funder,Amount,Due date\r\nVan,Hill,1,2027-04-01\r\n';
    expect((await upload(van)).json()).toMatchObject({ created: 0, skipped: 1 });
    expect(await grantsOf(client)).toHaveLength(2);
  });

  it('lists the rows it skipped in their order, the first a hundred, duplicates among them', async () => {
    const { upload } = await signedIn();
    await upload('Name,Funder,Amount,Due date\r\nRoof,Hill,1,2027-03-31\r\n');
    // Row 2 is here already; the 120 after it have no amount one can read.
    const rows = Array.from({ length: 120 }, (_, i) => `Grant ${i},Hill,lots,2027-03-31`);
    const file = ['Name,Funder,Amount,Due date', 'Roof,Hill,1,2027-03-31', ...rows].join('\r\n');
    const answer = (await upload(file)).json();
    expect(answer.skipped).toBe(121);
    expect(answer.errors).toHaveLength(100);
    expect(answer.errors.map((error: { row: number }) => error.row)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 2),
    );
    expect(answer.errors[0].message).toMatch(/^A grant with this name, funder and due date/);
  });

  it('refuses a mapping without a required field, or of another length, and imports nothing', async () => {
    const { upload, client } = await signedIn();
    const noDate = ['name', 'funder', null, 'amount', null, null, null, null];
    const first = await upload(SPREADSHEET, { mapping: JSON.stringify(noDate) });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ message: 'Choose a column to import as Due date' });
    const short = await upload(SPREADSHEET, { mapping: JSON.stringify(['name']) });
    expect(short.statusCode).toBe(400);
    const unknown = await upload(SPREADSHEET, { mapping: JSON.stringify(['email']) });
    expect(unknown.statusCode).toBe(400);
    expect(await grantsOf(client)).toEqual([]);
  });

  it('refuses a file whose header names no due date, saying which columns it needs', async () => {
    const { upload } = await signedIn();
    const response = await upload('Name,Funder,Amount\r\nA,B,1\r\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "The file has no 'Due date' column. Its first row must name the columns: Name, Funder, Amount requested, Due date, Status, Amount awarded, Awarded on, Period start, Period end, Document, Notes",
    );
  });

  it('refuses a file with more than 10,000 rows that are not grants, and imports nothing', async () => {
    const { upload, client } = await signedIn();
    const rows = ['Name,Funder,Amount,Due date', 'Kept,F,1,2027-01-01'];
    for (let i = 0; i < 10_001; i += 1) rows.push(`x${i},F,not money,2027-01-01`);
    const response = await upload(rows.join('\n'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: TOO_MANY_INVALID_GRANT_ROWS });
    expect(await grantsOf(client)).toEqual([]);
  });

  it('imports into the own company only, and writes history for each grant', async () => {
    const first = await signedIn();
    const other = await signedIn();
    await first.upload(SPREADSHEET);
    expect(await grantsOf(other.client)).toEqual([]);
    const [grant] = await grantsOf(first.client);
    const history = await first.client.get(`/api/activity?entity=grant&id=${grant.id}`);
    expect(history.json()).toMatchObject([{ action: 'created' }]);
  });

  it('refuses a file that is not CSV, and a request with no session', async () => {
    const { cookie } = await signedIn();
    const { payload, headers } = multipartFile('a,b', {
      filename: 'grants.xlsx',
      contentType: 'application/vnd.ms-excel',
    });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/grants/upload',
      payload,
      headers: { ...headers, cookie },
    });
    expect(wrong.statusCode).toBe(415);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/grants/upload',
      payload,
      headers,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('an export of grants imported again', () => {
  it('comes back as it was: funder, notes, award and its days', async () => {
    const from = await signedIn();
    const grant = {
      name: 'Harbour Choir',
      funder: '+Fund for Music',
      amount: 12_500,
      dueDate: '2027-03-31T12:00:00.000Z',
      status: 'awarded',
      notes: '-2 singers, =more later',
      awardedAmount: 10_000,
      awardedDate: '2027-01-15T12:00:00.000Z',
      periodStart: '2027-02-01T12:00:00.000Z',
      periodEnd: '2028-01-31T12:00:00.000Z',
    };
    expect((await from.client.post('/api/grants', grant)).statusCode).toBe(201);
    const exported = await from.client.get('/api/grants/export');

    const into = await signedIn();
    const imported = await into.upload(exported.body);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await grantsOf(into.client)).toMatchObject([grant]);
  });
});

describe('a due date written as a day', () => {
  it('is due at noon that day where the organization is, summer time or not', async () => {
    const { client, upload } = await signedIn();
    await setCompanyTimeZone(client, 'Pacific/Auckland');
    const imported = await upload(
      'Name,Funder,Amount,Due date\r\nSummer,Sea Trust,100,2027-03-31\r\nWinter,Sea Trust,100,7/15/2027\r\n',
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const dueDates = (await grantsOf(client)).map((g: { name: string; dueDate: string }) => [
      g.name,
      g.dueDate,
    ]);
    // Noon in Auckland: UTC+13 on 31 March, UTC+12 on 15 July.
    expect(dueDates).toEqual([
      ['Summer', '2027-03-30T23:00:00.000Z'],
      ['Winter', '2027-07-15T00:00:00.000Z'],
    ]);
  });

  it('is that time where the organization is when written with a time and no offset, as the API reads one', async () => {
    const { client, upload } = await signedIn();
    await setCompanyTimeZone(client, 'Pacific/Auckland');
    const imported = await upload(
      'Name,Funder,Amount,Due date\r\nEvening,Sea Trust,100,2027-07-15T17:30\r\n',
    );
    expect(imported.statusCode, imported.body).toBe(200);
    // 17:30 in Auckland, UTC+12 in July.
    expect((await grantsOf(client)).map((g: { dueDate: string }) => g.dueDate)).toEqual([
      '2027-07-15T05:30:00.000Z',
    ]);
  });
});
