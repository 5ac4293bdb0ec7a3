import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/config.ts';
import { UPLOADS_BUSY } from '../../src/server/lib/uploads.ts';
import { addMember, registerCompany } from '../helpers/factories.ts';
import { jsonBodyOf, openRawRequest, type RawRequest, statusOf } from '../helpers/raw-http.ts';
import { clientFor, multipartFile } from '../helpers/requests.ts';
import { buildTestApp, listenOnFreePort } from '../helpers/test-app.ts';
import { defaultTestDatabaseUrl } from '../helpers/test-database.ts';
import { until, withApplicationName } from '../helpers/until.ts';

/** Names this file's connections, so only they are counted on a server other files share. */
const applicationName = `grantwell-uploads-${process.pid}`;
const BODY_LIMIT_MS = 5_000;

let app: FastifyInstance;
let baseUrl: string;
let monitor: pg.Client;
/** The database of this file's app. */
let databaseUrl: string;

beforeAll(async () => {
  const url = await defaultTestDatabaseUrl();
  databaseUrl = url;
  app = await buildTestApp({
    limits: { ...DEFAULT_LIMITS, requestBodyMs: BODY_LIMIT_MS },
    database: { kind: 'server', url: withApplicationName(url, applicationName) },
  });
  baseUrl = await listenOnFreePort(app);
  monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
});
afterAll(async () => {
  await monitor.end();
  await app.close();
});

/**
 * The app's connections inside a transaction right now; `waiting` counts only those idle in one,
 * waiting on something other than the database (a client).
 */
async function openTransactions({ waiting = false } = {}): Promise<number> {
  const { rows } = await monitor.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE application_name = $1 AND xact_start IS NOT NULL
        AND ($2 = false OR state LIKE 'idle in transaction%')`,
    [applicationName, waiting],
  );
  return rows[0]?.n ?? 0;
}

/** A CSV upload whose body is cut in two: what is sent first, and the rest. */
/** A file of `rows` contacts, whose emails start with `tag` (another tag, other contacts). */
function uploadParts(rows: number, tag = 'r') {
  const csv = [
    'name,email',
    ...Array.from({ length: rows }, (_, i) => `Row ${i},${tag}${i}@x.org`),
  ];
  const { payload, headers } = multipartFile(`${csv.join('\r\n')}\r\n`);
  const cut = Math.floor(payload.length / 2);
  return {
    headers: { ...headers, 'content-length': payload.length },
    first: payload.subarray(0, cut),
    rest: payload.subarray(cut),
  };
}

async function startUpload(cookie: string, rows = 2_000): Promise<RawRequest & { rest: Buffer }> {
  const parts = uploadParts(rows);
  const request = await openRawRequest(
    baseUrl,
    {
      method: 'POST',
      path: '/api/contacts/upload',
      headers: { ...parts.headers, cookie, connection: 'close' },
    },
    parts.first,
  );
  return { ...request, rest: parts.rest };
}

/** Another company's list, over HTTP: its time to answer, in ms. */
/**
 * A list that waited for nothing answers well within this: one that waited for a connection
 * held by an abandoned upload would wait the pool's whole wait (5 s), then be refused. Half of
 * that leaves room for a machine busy with other tests (1.7 s was seen), which 1 s did not.
 */
const ANSWERED_AT_ONCE_MS = DEFAULT_LIMITS.poolAcquireMs / 2;

async function timedList(cookie: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/contacts?limit=25`, {
    headers: { cookie },
    signal: AbortSignal.timeout(10_000),
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return performance.now() - started;
}

const contactCount = async (cookie: string) =>
  Number((await clientFor(app, cookie).get('/api/contacts?limit=1')).headers['x-total-count']);

describe('an upload the client abandons', { timeout: 60_000 }, () => {
  it('dropped half-way: other companies keep answering, nothing is saved or left open', async () => {
    const uploader = await registerCompany(app);
    const other = await registerCompany(app);
    const upload = await startUpload(uploader.cookie);

    expect(await timedList(other.cookie)).toBeLessThan(ANSWERED_AT_ONCE_MS);
    upload.drop();

    await until(async () => (await openTransactions()) === 0, 'no transaction open');
    expect(await timedList(other.cookie)).toBeLessThan(ANSWERED_AT_ONCE_MS);
    expect(await contactCount(uploader.cookie)).toBe(0);

    // No restart needed: the same company imports a whole file straight after.
    const whole = multipartFile('name,email\r\nAfter Drop,after@x.org\r\n');
    const retry = await app.inject({
      method: 'POST',
      url: '/api/contacts/upload',
      payload: whole.payload,
      headers: { ...whole.headers, cookie: uploader.cookie },
    });
    expect(retry.json()).toMatchObject({ imported: 1 });
  });

  it('ten dropped at once take nothing from anyone', async () => {
    const uploader = await registerCompany(app);
    const other = await registerCompany(app);
    const uploads = await Promise.all(
      Array.from({ length: 10 }, () => startUpload(uploader.cookie)),
    );

    expect(await timedList(other.cookie)).toBeLessThan(ANSWERED_AT_ONCE_MS);
    expect(await openTransactions({ waiting: true })).toBe(0);
    for (const upload of uploads) upload.drop();

    await until(async () => (await openTransactions()) === 0, 'no transaction open');
    for (let i = 0; i < 5; i++)
      expect(await timedList(other.cookie)).toBeLessThan(ANSWERED_AT_ONCE_MS);
    expect(await contactCount(uploader.cookie)).toBe(0);
  });

  it.each([
    {
      list: 'grants',
      before: { name: 'Before', funder: 'F', amount: 100, dueDate: '2027-06-30T12:00:00.000Z' },
      file: 'name,funder,amount,dueDate\r\nA,F,1,2027-07-01\r\nB,F,2,2027-07-02\r\n',
    },
    {
      list: 'contacts',
      before: { name: 'Before', email: 'before@x.org' },
      file: 'name,email\r\nA,a@x.org\r\nB,b@x.org\r\n',
    },
  ])(
    'gone once the file is whole but before its import of $list is done: the import is undone, so a retry does not import it twice',
    async ({ list, before, file }) => {
      const uploader = await registerCompany(app);
      const client = clientFor(app, uploader.cookie);
      expect((await client.post(`/api/${list}`, before)).statusCode).toBe(201);
      const { payload, headers } = multipartFile(file, { filename: `${list}.csv` });

      // The list's count is held, so the import waits in its transaction, the file received whole.
      const holder = new pg.Client({ connectionString: databaseUrl });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(
          'SELECT 1 FROM list_counts WHERE company_id = $1 AND list = $2 FOR UPDATE',
          [uploader.user.companyId, list],
        );
        const connections = () =>
          new Promise<number>((done, fail) =>
            app.server.getConnections((error, count) => (error ? fail(error) : done(count))),
          );
        const open = await connections();
        const upload = await openRawRequest(
          baseUrl,
          {
            method: 'POST',
            path: `/api/${list}/upload`,
            headers: { ...headers, 'content-length': payload.length, cookie: uploader.cookie },
          },
          payload,
        );
        await until(
          async () =>
            (
              await monitor.query(
                `SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
                [applicationName],
              )
            ).rowCount === 1,
          'the import waiting for the count',
        );
        upload.drop();
        await until(async () => (await connections()) === open, 'the server to see it gone');
      } finally {
        await holder.query('ROLLBACK');
        await holder.end();
      }

      await until(async () => (await openTransactions()) === 0, 'no transaction open');
      const names = (await client.get(`/api/${list}`)).json().map((r: { name: string }) => r.name);
      expect(names).toEqual(['Before']);
    },
  );

  it('trickling in: others are answered meanwhile, and a body that stops is answered 408', async () => {
    const uploader = await registerCompany(app);
    const other = await registerCompany(app);
    const upload = await startUpload(uploader.cookie, 200);
    const trickle = upload.rest.subarray(0, 600);

    const slowest: number[] = [];
    for (let at = 0; at < trickle.length; at += 100) {
      await upload.write(trickle.subarray(at, at + 100));
      slowest.push(await timedList(other.cookie));
      expect(await openTransactions({ waiting: true })).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(Math.max(...slowest)).toBeLessThan(ANSWERED_AT_ONCE_MS);

    // The client now stops sending: within the body time limit the server answers and closes.
    const answer = await upload.answer;
    expect(statusOf(answer)).toBe(408);
    expect(jsonBodyOf(answer)).toEqual({
      message: 'The request took too long to arrive. Please try again.',
    });
    await until(async () => (await openTransactions()) === 0, 'no transaction open');
    expect(await contactCount(uploader.cookie)).toBe(0);
  });

  it('a whole file sent slowly but in time is imported', async () => {
    const uploader = await registerCompany(app);
    const upload = await startUpload(uploader.cookie, 50);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await upload.write(upload.rest);
    const answer = await upload.answer;
    expect(statusOf(answer)).toBe(200);
    expect(jsonBodyOf(answer)).toMatchObject({ imported: 50, skipped: 0 });
    expect(await contactCount(uploader.cookie)).toBe(50);
  });

  it('a JSON body that stops half-way is answered 408 and creates nothing', async () => {
    const uploader = await registerCompany(app);
    const body = JSON.stringify({ name: 'Half Sent', email: 'half@x.org' });
    const request = await openRawRequest(
      baseUrl,
      {
        method: 'POST',
        path: '/api/contacts',
        headers: {
          cookie: uploader.cookie,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      body.slice(0, 10),
    );
    const answer = await request.answer;
    expect(statusOf(answer)).toBe(408);
    expect(jsonBodyOf(answer)).toEqual({
      message: 'The request took too long to arrive. Please try again.',
    });
    expect(await contactCount(uploader.cookie)).toBe(0);
  });
});

describe('a request whose user is removed while it arrives', { timeout: 60_000 }, () => {
  /** A company whose member has begun a request; the admin then removes the member. */
  async function removedMidRequest(begin: (cookie: string) => Promise<RawRequest>) {
    const owner = await registerCompany(app);
    const member = await addMember(app, owner.user.companyId);
    const request = await begin(member.cookie);
    const removed = await clientFor(app, owner.cookie).delete(
      `/api/organization/users/${member.user.id}`,
    );
    expect(removed.statusCode).toBe(204);
    return { owner, request };
  }

  it('a JSON body finished after the removal: 401, and nothing is written', async () => {
    const body = JSON.stringify({ name: 'Late Writer', email: 'late@x.org' });
    const { owner, request } = await removedMidRequest((cookie) =>
      openRawRequest(
        baseUrl,
        {
          method: 'POST',
          path: '/api/contacts',
          headers: {
            cookie,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            connection: 'close',
          },
        },
        body.slice(0, 10),
      ),
    );
    await request.write(Buffer.from(body.slice(10)));
    const answer = await request.answer;
    expect(statusOf(answer)).toBe(401);
    expect(jsonBodyOf(answer)).toEqual({ message: 'Not signed in' });
    expect(await contactCount(owner.cookie)).toBe(0);
  });

  it('an upload finished after the removal: 401, and nothing is imported', async () => {
    const { owner, request } = await removedMidRequest((cookie) => startUpload(cookie, 50));
    await request.write((request as RawRequest & { rest: Buffer }).rest);
    const answer = await request.answer;
    expect(statusOf(answer)).toBe(401);
    expect(jsonBodyOf(answer)).toEqual({ message: 'Not signed in' });
    expect(await contactCount(owner.cookie)).toBe(0);
  });
});

describe('the memory uploads may hold', { timeout: 60_000 }, () => {
  let small: FastifyInstance;
  let smallUrl: string;
  beforeAll(async () => {
    small = await buildTestApp({
      limits: {
        ...DEFAULT_LIMITS,
        requestBodyMs: BODY_LIMIT_MS,
        uploadMemoryBytes: 48 * 1024,
        uploadMemoryPerCompanyBytes: 24 * 1024,
      },
    });
    smallUrl = await listenOnFreePort(small);
  });
  afterAll(() => small.close());

  const send = (url: string, cookie: string, parts: ReturnType<typeof uploadParts>) =>
    openRawRequest(
      url,
      {
        method: 'POST',
        path: '/api/contacts/upload',
        headers: { ...parts.headers, cookie, connection: 'close' },
      },
      parts.first,
    );

  it("refuses an upload that would pass its company's share (503), and frees it when a file is done; another company's goes through meanwhile", async () => {
    const { cookie } = await registerCompany(small);
    const other = await registerCompany(small);
    const first = uploadParts(1_000); // about 20 kB: half of it, then all of another, pass 24 kB
    const second = uploadParts(1_000, 's');
    const holding = await send(smallUrl, cookie, first);
    await until(() => small.uploadMemory.used > 0, 'the first upload holding memory');

    const refused = await send(smallUrl, cookie, second);
    await refused.write(second.rest).catch(() => {}); // the server may close before the end
    const refusal = await refused.answer;
    expect(statusOf(refusal)).toBe(503);
    expect(jsonBodyOf(refusal)).toEqual({ message: UPLOADS_BUSY });
    // Another company's, within the memory of all that is left.
    const theirs = await send(smallUrl, other.cookie, second);
    await theirs.write(second.rest);
    expect(jsonBodyOf(await theirs.answer)).toMatchObject({ imported: 1_000 });

    await holding.write(first.rest);
    expect(jsonBodyOf(await holding.answer)).toMatchObject({ imported: 1_000 });
    expect(small.uploadMemory.used).toBe(0);

    const third = await send(smallUrl, cookie, second);
    await third.write(second.rest);
    expect(jsonBodyOf(await third.answer)).toMatchObject({ imported: 1_000 });
    expect(small.uploadMemory.used).toBe(0);
  });
});

describe('a request Node refuses before the app reads it', () => {
  it('is answered in the error format: headers too large (431), not HTTP at all (400)', async () => {
    const huge = await openRawRequest(baseUrl, {
      method: 'GET',
      path: `/api/contacts?q=${'x'.repeat(100_000)}`,
      headers: {},
    });
    const tooLarge = await huge.answer;
    expect(statusOf(tooLarge)).toBe(431);
    expect(jsonBodyOf(tooLarge)).toEqual({ message: 'The request headers are too large' });

    const garbage = await openRawRequest(baseUrl, { method: 'HELLO THERE', path: '', headers: {} });
    const notHttp = await garbage.answer;
    expect(statusOf(notHttp)).toBe(400);
    expect(jsonBodyOf(notHttp)).toEqual({ message: 'The request is not valid HTTP' });
  });
});
