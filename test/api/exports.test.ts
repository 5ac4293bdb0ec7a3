import { readdir, readlink } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src/domain/due-dates.ts';
import { DEFAULT_LIMITS } from '../../src/server/config.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { DOWNLOADS_BUSY } from '../../src/server/lib/downloads.ts';
import { registerCompany } from '../helpers/factories.ts';
import { openRawRequest, type RawRequest, statusOf } from '../helpers/raw-http.ts';
import { clientFor, multipartFile } from '../helpers/requests.ts';
import { buildTestApp, listenOnFreePort } from '../helpers/test-app.ts';
import { defaultTestDatabaseUrl } from '../helpers/test-database.ts';
import { until, withApplicationName } from '../helpers/until.ts';

/** Names this file's connections, so only they are counted on a server other files share. */
const applicationName = `grantwell-exports-${process.pid}`;

/** This file's downloads are ended after this long without their client taking any of them. */
const DOWNLOAD_IDLE_MS = 500;

let app: FastifyInstance;
let baseUrl: string;
let monitor: pg.Client;
let databaseUrl: string;

beforeAll(async () => {
  const url = await defaultTestDatabaseUrl();
  databaseUrl = url;
  app = await buildTestApp({
    database: { kind: 'server', url: withApplicationName(url, applicationName) },
    limits: { ...DEFAULT_LIMITS, downloadIdleMs: DOWNLOAD_IDLE_MS, poolAcquireMs: 2_000 },
  });
  baseUrl = await listenOnFreePort(app);
  monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
});
afterAll(async () => {
  await monitor.end();
  await app.close();
});

async function newCompany() {
  const { cookie } = await registerCompany(app);
  return { cookie, client: clientFor(app, cookie) };
}

/** An export's lines, after the byte order mark every export begins with (for Excel). */
const linesOf = (body: string) => {
  expect(body.startsWith('\ufeff')).toBe(true);
  return body.slice(1).replace(/\r\n$/, '').split('\r\n');
};

describe('GET /api/contacts/export', () => {
  it('answers every contact of the list as CSV in the import template columns, named by the day', async () => {
    const { client } = await newCompany();
    await client.post('/api/contacts', {
      name: 'Ada Lovelace',
      email: 'ada@engine.org',
      phone: '555-0101',
      organization: 'Analytical Fund',
      notes: 'Met at the gala, "keen"\nfollow up',
    });
    await client.post('/api/contacts', { name: 'Bo Brown', email: 'bo@x.org' });

    const response = await client.get('/api/contacts/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="contacts-${today}.csv"`,
    );
    // A byte order mark first, so Excel reads the file as UTF-8.
    expect(response.body).toBe(
      '\ufeffname,email,phone,organization,notes\r\n' +
        'Ada Lovelace,ada@engine.org,555-0101,Analytical Fund,"Met at the gala, ""keen""\nfollow up"\r\n' +
        'Bo Brown,bo@x.org,,,\r\n',
    );
  });

  it('exports what the list shows: its search, filter and sort, over every page', async () => {
    const { cookie, client } = await newCompany();
    const rows = Array.from(
      { length: 2_500 },
      (_, i) =>
        `Person ${String(i).padStart(4, '0')},p${i}@x.org,,${i % 2 ? 'Odd Trust' : 'Even Fund'},`,
    );
    const upload = multipartFile(`name,email,phone,organization,notes\r\n${rows.join('\r\n')}\r\n`);
    const imported = await app.inject({
      method: 'POST',
      url: '/api/contacts/upload',
      headers: { ...upload.headers, cookie },
      payload: upload.payload,
    });
    expect(imported.json()).toMatchObject({ imported: 2_500 });

    const all = linesOf((await client.get('/api/contacts/export?sort=-name&limit=5')).body);
    expect(all).toHaveLength(2_501);
    expect(all[1]).toBe('Person 2499,p2499@x.org,,Odd Trust,');
    expect(all.at(-1)).toBe('Person 0000,p0@x.org,,Even Fund,');

    const odd = linesOf((await client.get('/api/contacts/export?organization=Odd%20Trust')).body);
    expect(odd).toHaveLength(1_251);
    expect(odd.slice(1).every((line) => line.endsWith(',Odd Trust,'))).toBe(true);

    // A search, through the list's search function, in the list's order.
    const searched = linesOf(
      (await client.get('/api/contacts/export?q=person%2012&sort=name')).body,
    );
    const listed = await client.get('/api/contacts?q=person%2012&sort=name&limit=100');
    expect(searched.slice(1).map((line) => line.split(',')[0])).toEqual(
      listed.json().map((contact: { name: string }) => contact.name),
    );
    expect(searched).toHaveLength(Number(listed.headers['x-total-count']) + 1);
  });

  it('writes a value a spreadsheet would run as a formula as text', async () => {
    const { client } = await newCompany();
    await client.post('/api/contacts', {
      name: '=HYPERLINK("http://evil.example","Click")',
      email: 'formula@x.org',
      organization: '@SUM(A1:A9)',
      notes: '+1-555-0101',
    });
    const [, line] = linesOf((await client.get('/api/contacts/export')).body);
    expect(line).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")",formula@x.org,,'@SUM(A1:A9),'+1-555-0101`,
    );
  });

  it("holds only the company's own contacts, and asks to sign in first", async () => {
    const mine = await newCompany();
    const theirs = await newCompany();
    await mine.client.post('/api/contacts', { name: 'Mine', email: 'mine@x.org' });
    await theirs.client.post('/api/contacts', { name: 'Theirs', email: 'theirs@x.org' });
    expect(linesOf((await mine.client.get('/api/contacts/export')).body)).toEqual([
      'name,email,phone,organization,notes',
      'Mine,mine@x.org,,,',
    ]);
    const signedOut = await app.inject({ method: 'GET', url: '/api/contacts/export' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Not signed in' });
  });

  it("exports only the chosen contacts (ids), in the list's order, searched or not; never another company's", async () => {
    const mine = await newCompany();
    const theirs = await newCompany();
    const ids: number[] = [];
    for (const name of ['Cara', 'Abe', 'Bea', 'Dan']) {
      const created = await mine.client.post('/api/contacts', {
        name,
        email: `${name.toLowerCase()}@x.org`,
        organization: name === 'Dan' ? 'Other' : 'Hill Fund',
      });
      ids.push(created.json().id);
    }
    const their = (
      await theirs.client.post('/api/contacts', { name: 'Theirs', email: 't@x.org' })
    ).json();
    const [cara, abe, , dan] = ids;
    const chosen = `${dan},${cara},${abe},${their.id}`;
    expect(linesOf((await mine.client.get(`/api/contacts/export?ids=${chosen}`)).body)).toEqual([
      'name,email,phone,organization,notes',
      'Abe,abe@x.org,,Hill Fund,',
      'Cara,cara@x.org,,Hill Fund,',
      'Dan,dan@x.org,,Other,',
    ]);
    // Chosen and searched: the rows that are both.
    const searched = await mine.client.get(`/api/contacts/export?ids=${chosen}&q=hill&sort=-name`);
    expect(linesOf(searched.body).slice(1)).toEqual([
      'Cara,cara@x.org,,Hill Fund,',
      'Abe,abe@x.org,,Hill Fund,',
    ]);
  });

  it.each([
    'ids=',
    'ids=1,,2',
    'ids=abc',
    'ids=0',
    'ids=99999999999',
    `ids=${Array.from({ length: 501 }, (_, i) => i + 1).join(',')}`,
  ])('refuses chosen ids that are not up to 500 record ids (%s)', async (query) => {
    const { client } = await newCompany();
    const response = await client.get(`/api/contacts/export?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('ids must be up to 500 record ids');
  });

  it('refuses a bad sort or filter with a message, as the list does', async () => {
    const { client } = await newCompany();
    const response = await client.get('/api/contacts/export?sort=password');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Sort by one of/);
  });
});

/** The connections the app's server has open (only the tests' raw requests make any). */
const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/** The download files this process holds open (each is unlinked once made: Linux names it so). */
async function exportFilesOpen(): Promise<number> {
  const fds = await readdir('/proc/self/fd');
  const targets = await Promise.all(
    fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
  );
  return targets.filter((target) => target.includes('grantwell-download-')).length;
}

/** `rows` contacts of the company whose session is `cookie`, each with a long note. */
async function importContacts(cookie: string, rows: number) {
  const note = 'a long note to fill the download '.repeat(120);
  const lines = Array.from({ length: rows }, (_, i) => `Someone ${i},s${i}@x.org,,,${note}`);
  const upload = multipartFile(`name,email,phone,organization,notes\r\n${lines.join('\r\n')}\r\n`);
  const response = await app.inject({
    method: 'POST',
    url: '/api/contacts/upload',
    headers: { ...upload.headers, cookie },
    payload: upload.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** An export whose client reads its head, then nothing more (as a stalled or hostile one). */
async function stalledExport(cookie: string, url = baseUrl) {
  const request = await openRawRequest(url, {
    method: 'GET',
    path: '/api/contacts/export',
    headers: { cookie },
  });
  await request.received('HTTP/1.1 200');
  request.socket.pause();
  return request;
}

describe('downloads nobody reads', () => {
  // Two companies whose exports are ten megabytes each (2,500 contacts of 4 kB): far more than
  // a stalled connection takes in.
  const ROWS = 2_500;
  const heavy: { cookie: string }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      const company = await newCompany();
      await importContacts(company.cookie, ROWS);
      heavy.push(company);
    }
  });

  it('hold no connection: ten of two companies leave the other companies theirs', async () => {
    const stalled: RawRequest[] = [];
    for (const { cookie } of heavy) {
      for (let i = 0; i < 5; i += 1) stalled.push(await stalledExport(cookie));
    }
    // Five a company was each one's share of the pool's ten connections: held by downloads
    // nobody read, they left every other company none (503 after waiting for one).
    expect(await openExportTransactions()).toBe(0);
    const bystander = await newCompany();
    const list = await bystander.client.get('/api/contacts');
    expect(list.statusCode, list.body).toBe(200);
    for (const request of stalled) request.drop();
    await until(() => app.downloads.sending === 0, 'the downloads let go');
  });

  it('are a few at once for a company, and for the server: the next is 503 before anything is read', async () => {
    // The same database, served with fewer downloads at once and no idle cut in the test's time.
    const few = await buildTestApp({
      database: { kind: 'server', url: withApplicationName(databaseUrl, applicationName) },
      limits: {
        ...DEFAULT_LIMITS,
        downloadIdleMs: 60_000,
        downloadsPerCompanyAtOnce: 2,
        downloadsAtOnce: 3,
      },
    });
    try {
      const url = await listenOnFreePort(few);
      const [first, second] = heavy.map(({ cookie }) => cookie);
      const exportOf = (cookie = '') => clientFor(few, cookie).get('/api/contacts/export');
      const mine = [await stalledExport(first ?? '', url), await stalledExport(first ?? '', url)];
      // The company's two are being sent: its third is refused, before any export transaction.
      const third = await exportOf(first);
      expect(third.statusCode).toBe(503);
      expect(third.json()).toEqual({ message: DOWNLOADS_BUSY });
      expect(third.headers['retry-after']).toBe('30');
      // Its calendar feed, which calendar applications read on their own, has slots of its own.
      const feed = (await clientFor(few, first ?? '').get('/api/user/calendar-feed')).json();
      const calendar = await few.inject({ method: 'GET', url: new URL(feed.url).pathname });
      expect(calendar.statusCode, calendar.body).toBe(200);
      expect(calendar.body).toMatch(/^BEGIN:VCALENDAR/);
      // Another company's first goes out, and then the server's three are taken.
      const theirs = await stalledExport(second ?? '', url);
      const full = await exportOf(second);
      expect(full.statusCode).toBe(503);
      expect(full.json()).toEqual({ message: DOWNLOADS_BUSY });
      // A client that leaves gives its slot back.
      mine[0]?.drop();
      await until(() => few.downloads.sending === 2, 'the slot given back');
      const whole = await exportOf(second);
      expect(linesOf(whole.body)).toHaveLength(ROWS + 1);
      expect(few.downloads.sending).toBe(2);
      mine[1]?.drop();
      theirs.drop();
      await until(() => few.downloads.sending === 0, 'every slot given back');
    } finally {
      await few.close();
    }
  });

  it('is ended once its client has taken nothing for a while', async () => {
    const cookie = heavy[0]?.cookie ?? '';
    const request = await stalledExport(cookie);
    const started = Date.now();
    // The server closes the connection: a client that does not read cannot tell until it does.
    await until(async () => (await openConnections()) === 0, 'the download ended');
    expect(Date.now() - started).toBeGreaterThanOrEqual(DOWNLOAD_IDLE_MS - 100);
    request.socket.resume();
    const answer = await request.answer;
    expect(statusOf(answer)).toBe(200);
    expect(Buffer.byteLength(answer)).toBeLessThan(ROWS * 4_000);
    await until(async () => (await exportFilesOpen()) === 0, 'the file let go');
  });

  it('lets its file go when the client leaves before it is sent, or while it is', async () => {
    const cookie = heavy[1]?.cookie ?? '';
    const early = await openRawRequest(baseUrl, {
      method: 'GET',
      path: '/api/contacts/export',
      headers: { cookie },
    });
    early.drop();
    (await stalledExport(cookie)).drop();
    // Another download after them is whole.
    const whole = await clientFor(app, cookie).get('/api/contacts/export');
    expect(linesOf(whole.body)).toHaveLength(ROWS + 1);
    await until(async () => (await exportFilesOpen()) === 0, 'the files let go');
  });

  it("answers 503 in the error format while the company's connections are all in use", async () => {
    const admin = await registerCompany(app);
    const { companyId } = admin.user;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The company's share of the pool, held.
    let holding = 0;
    const held = Array.from({ length: 5 }, () =>
      inCompany(app.db, companyId, async () => {
        holding += 1;
        await released;
      }),
    );
    await until(async () => holding === 5, "the company's connections held");
    const response = await clientFor(app, admin.cookie).get('/api/contacts/export');
    release();
    await Promise.all(held);
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({
      message: 'The database is unavailable right now. Please try again shortly.',
    });
  });
});

/** The app's connections inside a transaction that reads an export's cursor. */
async function openExportTransactions(): Promise<number> {
  const { rows } = await monitor.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE application_name = $1 AND xact_start IS NOT NULL AND query LIKE 'FETCH FORWARD%'`,
    [applicationName],
  );
  return rows[0]?.n ?? 0;
}

/** The app's connections waiting for a lock (an export reading a table held by the test). */
async function waitingForALock(): Promise<number> {
  const { rows } = await monitor.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE application_name = $1 AND wait_event_type = 'Lock'`,
    [applicationName],
  );
  return rows[0]?.n ?? 0;
}

describe('downloads being written', () => {
  interface Busy {
    busy: FastifyInstance;
    cookie: string;
    client: ReturnType<typeof clientFor>;
    /** The company's calendar subscription's path, and its validator as a reader holds it. */
    feed: string;
    feedTag: string;
    /** Lets the grants table go. */
    letGo: () => Promise<void>;
  }

  /**
   * `work` on an app of this file's database with the usual limits but a shorter wait for a
   * connection (then 503), the grants table held by the test: an export of grants, or a
   * calendar's version, reads nothing until it is let go, as a large one is still being read.
   */
  async function whileGrantsHeld(work: (busy: Busy) => Promise<void>) {
    const busy = await buildTestApp({
      database: { kind: 'server', url: withApplicationName(databaseUrl, applicationName) },
      limits: { ...DEFAULT_LIMITS, poolAcquireMs: 1_000 },
    });
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      const { cookie } = await registerCompany(busy);
      const client = clientFor(busy, cookie);
      const feed = new URL(
        (await client.get('/api/user/calendar-feed')).json<{ url: string }>().url,
      ).pathname;
      const feedTag = String((await busy.inject({ method: 'GET', url: feed })).headers.etag);
      await holder.query('BEGIN; LOCK TABLE grants IN ACCESS EXCLUSIVE MODE');
      await work({
        busy,
        cookie,
        client,
        feed,
        feedTag,
        letGo: async () => void (await holder.query('COMMIT')),
      });
    } finally {
      await holder.end();
      await busy.close();
    }
  }

  it("leave the company's other requests connections, and wait their turn past the pool's wait", async () => {
    await whileGrantsHeld(async ({ busy, client, letGo }) => {
      const { downloadsPerCompanyAtOnce } = DEFAULT_LIMITS;
      const started = Date.now();
      const exports = Array.from({ length: downloadsPerCompanyAtOnce }, () =>
        client.get('/api/grants/export'),
      );
      await until(() => busy.downloads.sending === downloadsPerCompanyAtOnce, 'every slot taken');
      // Three read (the share of five, less two); the other two wait for one of them, holding
      // no connection. With all five reading, the list and the save waited and were 503.
      await until(async () => (await waitingForALock()) >= 3, 'three exports reading');
      const list = await client.get('/api/contacts');
      expect(list.statusCode, list.body).toBe(200);
      const saved = await client.post('/api/contacts', { name: 'Ada', email: 'ada@x.org' });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(await waitingForALock()).toBe(3);
      // One more export than the company may have at once is refused with a message.
      const refused = await client.get('/api/grants/export');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ message: DOWNLOADS_BUSY });
      expect(refused.headers['retry-after']).toBe('30');
      // The two waiting wait longer than a request waits for a connection: a large export
      // takes its time, and those after it are written once it is.
      await until(() => Date.now() - started > 2_500, 'longer than the wait for a connection');
      await letGo();
      for (const response of await Promise.all(exports)) {
        expect(response.statusCode, response.body).toBe(200);
        expect(linesOf(response.body)[0]).toMatch(/^Name,Funder,/);
      }
    });
  });

  it('give their slots back when the connection they were queued on is dropped', async () => {
    await whileGrantsHeld(async ({ busy, cookie, client, letGo }) => {
      const url = await listenOnFreePort(busy);
      // Files larger than an answer holds before it has a connection to write to.
      await importContacts(cookie, 100);
      // One connection: an export of grants, which waits on the held table, then four exports
      // of contacts sent behind it (HTTP/1.1 pipelining), made and waiting for it to be sent.
      const behind = (path: string) =>
        `GET ${path} HTTP/1.1\r\nhost: x\r\ncookie: ${cookie}\r\n\r\n`;
      const raw = await openRawRequest(
        url,
        { method: 'GET', path: '/api/grants/export', headers: { cookie } },
        Array.from({ length: 4 }, () => behind('/api/contacts/export')).join(''),
      );
      await until(() => busy.downloads.sending === 5, 'every slot taken');
      // The grants' export reading (it has its turn to make a file, and keeps it while the table
      // is held), and the four files made. The export of grants may come to its turn last: gone
      // while it waited, it would have given its slot back too.
      await until(async () => (await waitingForALock()) === 1, 'the grants export reading');
      await until(async () => (await exportFilesOpen()) === 5, 'the four files made');
      // The client goes: the four queued answers had no connection to hear it close on.
      raw.drop();
      await until(() => busy.downloads.sending === 1, 'the four given back');
      // Their files, which nobody will read, are closed with them (the grants', still being
      // written, is open until its rows are read).
      await until(async () => (await exportFilesOpen()) === 1, 'the four files closed');
      await letGo();
      await until(() => busy.downloads.sending === 0, 'every slot given back');
      await until(async () => (await exportFilesOpen()) === 0, 'every file closed');
      const again = await client.get('/api/contacts/export');
      expect(again.statusCode, again.body).toBe(200);
    });
  });

  it('waiting their turn, are taken out of the line when their client goes', async () => {
    await whileGrantsHeld(async ({ busy, cookie, letGo }) => {
      const url = await listenOnFreePort(busy);
      const { downloadsPerCompanyAtOnce } = DEFAULT_LIMITS;
      const clients = await Promise.all(
        Array.from({ length: downloadsPerCompanyAtOnce }, () =>
          openRawRequest(url, { method: 'GET', path: '/api/grants/export', headers: { cookie } }),
        ),
      );
      await until(() => busy.downloads.sending === downloadsPerCompanyAtOnce, 'every slot taken');
      await until(async () => (await waitingForALock()) === 3, 'three exports reading');
      for (const client of clients) client.drop();
      // The two waiting for a turn give their slots back at once; the three reading, once read.
      await until(() => busy.downloads.sending === 3, 'the two waiting given back');
      await letGo();
      await until(() => busy.downloads.sending === 0, 'every slot given back');
    });
  });

  it("a burst of calendar polls shares one read of the feed's version: the company's list answers", async () => {
    await whileGrantsHeld(async ({ busy, client, feed, feedTag, letGo }) => {
      const polls = Array.from({ length: 8 }, () =>
        busy.inject({ method: 'GET', url: feed, headers: { 'if-none-match': feedTag } }),
      );
      await until(async () => (await waitingForALock()) >= 1, 'the version being read');
      // Each poll reading its own held one of the company's connections: the list waited, 503.
      const list = await client.get('/api/contacts');
      expect(list.statusCode, list.body).toBe(200);
      expect(await waitingForALock()).toBe(1);
      await letGo();
      // Nothing changed: each is answered that its file is as it was.
      for (const response of await Promise.all(polls)) {
        expect(response.statusCode, response.body).toBe(304);
        expect(response.headers.etag).toBe(feedTag);
      }
    });
  });
});

/** A time the API answered (UTC) as a UTC company's export writes it, with its offset. */
const asExported = (iso: string) => iso.replace(/(\.000)?Z$/, '+00:00');

describe('the other lists export what they show', () => {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  it('interactions: date, contact, type and notes, of the contact the list is filtered by', async () => {
    const { client } = await newCompany();
    const other = await newCompany();
    const ada = (await client.post('/api/contacts', { name: 'Ada', email: 'ada@x.org' })).json();
    const bo = (await client.post('/api/contacts', { name: 'Bo', email: 'bo@x.org' })).json();
    const when = '2026-03-04T10:00:00.000Z';
    await client.post('/api/interactions', {
      contactId: ada.id,
      type: 'call',
      notes: '-',
      date: when,
    });
    await client.post('/api/interactions', {
      contactId: bo.id,
      type: 'note',
      notes: 'Bo',
      date: when,
    });
    const theirs = (
      await other.client.post('/api/contacts', { name: 'Zed', email: 'z@x.org' })
    ).json();
    await other.client.post('/api/interactions', {
      contactId: theirs.id,
      type: 'call',
      date: when,
    });

    const response = await client.get(`/api/interactions/export?contactId=${ada.id}`);
    expect(response.headers['content-disposition']).toMatch(
      /filename="interactions-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(linesOf(response.body)).toEqual([
      'Date,Contact,Type,Notes',
      `${asExported(when)},Ada,call,'-`,
    ]);
    expect(linesOf((await client.get('/api/interactions/export')).body)).toHaveLength(3);
  });

  it('grants: every field, amounts as numbers and the status in words, by status', async () => {
    const { client } = await newCompany();
    const other = await newCompany();
    const due = inDays(30);
    await client.post('/api/grants', {
      name: 'Library Roof',
      funder: 'Hill Trust',
      amount: 50_000,
      dueDate: due,
      status: 'awarded',
      awardedAmount: 45_000,
      notes: 'Roof, then windows',
    });
    await client.post('/api/grants', {
      name: 'Draft Bid',
      funder: 'Hill Trust',
      amount: 1,
      dueDate: due,
    });
    await other.client.post('/api/grants', {
      name: 'Not Ours',
      funder: 'X',
      amount: 9,
      dueDate: due,
    });

    const lines = linesOf((await client.get('/api/grants/export?status=awarded')).body);
    expect(lines[0]).toBe(
      'Name,Funder,Amount requested,Due date,Status,Amount awarded,Awarded on,Period start,Period end,Document,Notes',
    );
    expect(lines.slice(1)).toEqual([
      `Library Roof,Hill Trust,50000,${asExported(due)},Awarded,45000,,,,,"Roof, then windows"`,
    ]);
    expect(linesOf((await client.get('/api/grants/export')).body)).toHaveLength(3);
  });

  it("is named by the day on the organization's clocks, as its times are", async () => {
    // A day apart at every moment: their clocks are 25 hours apart.
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const { client } = await newCompany();
      await client.patch('/api/organization/reminders', { timeZone });
      const before = localDate(new Date(), timeZone);
      const response = await client.get('/api/contacts/export');
      const after = localDate(new Date(), timeZone);
      expect([before, after].map((day) => `attachment; filename="contacts-${day}.csv"`)).toContain(
        response.headers['content-disposition'],
      );
    }
  });

  it("grants: times on the organization's clocks with their offset, an award's days as days, which import as they were", async () => {
    const auckland = await newCompany();
    const newYork = await newCompany();
    for (const [{ client }, timeZone] of [
      [auckland, 'Pacific/Auckland'],
      [newYork, 'America/New_York'],
    ] as const) {
      expect((await client.patch('/api/organization/reminders', { timeZone })).statusCode).toBe(
        200,
      );
    }
    const grant = {
      name: 'Summer Grant',
      funder: 'Kauri Fund',
      amount: 100,
      // Noon on 15 January in Auckland; 23:59 on New Year's Eve in New York.
      dueDate: '2027-01-14T23:00:00.000Z',
      status: 'awarded',
      awardedAmount: 90,
      awardedDate: '2027-01-15',
      periodStart: '2027-02-01',
      periodEnd: '2027-12-31',
    };
    await auckland.client.post('/api/grants', grant);
    await newYork.client.post('/api/grants', { ...grant, dueDate: '2024-01-01T04:59:00.000Z' });

    const exported = (await auckland.client.get('/api/grants/export')).body;
    expect(linesOf(exported)[1]).toBe(
      'Summer Grant,Kauri Fund,100,2027-01-15T12:00:00+13:00,Awarded,90,2027-01-15,2027-02-01,2027-12-31,,',
    );
    expect(linesOf((await newYork.client.get('/api/grants/export')).body)[1]).toContain(
      ',2023-12-31T23:59:00-05:00,',
    );

    // Imported by the organization in New York: the same moment, the same days.
    const { payload, headers } = multipartFile(exported, { filename: 'grants.csv' });
    const imported = await app.inject({
      method: 'POST',
      url: '/api/grants/upload',
      payload,
      headers: { ...headers, cookie: newYork.cookie },
    });
    expect(imported.json()).toMatchObject({ imported: 1, skipped: 0 });
    const copy = (await newYork.client.get('/api/grants?q=summer&sort=dueDate')).json()[1];
    expect(copy).toMatchObject({
      dueDate: '2027-01-14T23:00:00.000Z',
      awardedDate: (await auckland.client.get('/api/grants')).json()[0].awardedDate,
    });
  });

  it('opportunities: the stage in words, searched as the list is', async () => {
    const { client } = await newCompany();
    const close = inDays(10);
    await client.post('/api/opportunities', {
      name: 'Major Gift',
      organization: 'Oak Fund',
      amount: 10_000,
      stage: 'negotiation',
      probability: 75,
      expectedCloseDate: close,
    });
    await client.post('/api/opportunities', { name: 'Other', amount: 5, expectedCloseDate: close });
    expect(linesOf((await client.get('/api/opportunities/export?q=oak')).body)).toEqual([
      'Name,Organization,Amount,Stage,Expected close,Probability (%),Notes',
      `Major Gift,Oak Fund,10000,Negotiation,${asExported(close)},75,`,
    ]);
  });

  it('funders: name, type in words, website and notes, by type', async () => {
    const { client } = await newCompany();
    await client.post('/api/contacts', {
      name: 'Cy',
      email: 'cy@x.org',
      organization: 'Elm Trust',
    });
    await client.post('/api/contacts', {
      name: 'Di',
      email: 'di@x.org',
      organization: 'City Hall',
    });
    const funders = (await client.get('/api/funders')).json() as { id: number; name: string }[];
    const elm = funders.find((funder) => funder.name === 'Elm Trust');
    await client.patch(`/api/funders/${elm?.id}`, {
      type: 'foundation',
      website: 'https://elm.example',
    });
    expect(linesOf((await client.get('/api/funders/export?type=foundation')).body)).toEqual([
      'Name,Type,Website,Notes',
      'Elm Trust,Foundation,https://elm.example,',
    ]);
  });

  it("tasks: the board's tasks with their grant and assignee by name, mine only when asked", async () => {
    const { client } = await newCompany();
    const me = (await client.get('/api/user')).json();
    const grant = (
      await client.post('/api/grants', {
        name: 'Roof',
        funder: 'Hill',
        amount: 1,
        dueDate: inDays(40),
      })
    ).json();
    const due = inDays(5);
    await client.post(`/api/grants/${grant.id}/tasks`, {
      name: 'Write budget',
      description: 'Two pages',
      category: 'proposal',
      dueDate: due,
      assigneeId: me.id,
    });
    const unassigned = await client.post(`/api/grants/${grant.id}/tasks`, {
      name: 'Ask for letters',
      description: 'Three letters',
      category: 'outreach',
      dueDate: inDays(9),
    });
    expect(unassigned.statusCode).toBe(201);
    const mine = linesOf((await client.get('/api/tasks/export?assignee=me')).body);
    expect(mine).toEqual([
      'Task,Grant,Category,Status,Due date,Assignee,Description',
      `Write budget,Roof,Proposal,Pending,${asExported(due)},${me.name},Two pages`,
    ]);
    expect(linesOf((await client.get('/api/tasks/export')).body)).toHaveLength(3);
    const chosen = await client.get(`/api/tasks/export?ids=${unassigned.json().id}`);
    expect(linesOf(chosen.body).map((line) => line.split(',')[0])).toEqual([
      'Task',
      'Ask for letters',
    ]);
  });
});
