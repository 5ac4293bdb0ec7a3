import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/config.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { DOWNLOADS_BUSY } from '../../src/server/lib/downloads.ts';
import { addMember, registerCompany } from '../helpers/factories.ts';
import { type Client, clientFor, createdId, setCompanyTimeZone } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/**
 * The feed's path on this server, from the address the API answers: read (GET), made anew
 * (POST), or after its time zone is set to `timeZone` (PATCH).
 */
async function feedPath(client: Client, method: 'get' | 'post' = 'get', timeZone?: string) {
  const response =
    timeZone === undefined
      ? await client[method]('/api/user/calendar-feed')
      : await client.patch('/api/user/calendar-feed', { timeZone });
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json<{ url: string }>();
  expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(url).pathname;
}

/** The feed as a calendar application reads it: no cookie, parsed by an iCalendar parser. */
async function readFeed(path: string) {
  const response = await app.inject({ method: 'GET', url: path });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  // The reader may keep it, and asks again with its validator each time; no shared cache keeps it.
  expect(response.headers['cache-control']).toBe('private, no-cache');
  expect(response.headers.etag).toMatch(/^W\/".+"$/);
  expect(response.body.endsWith('\r\n')).toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      // A deadline is an all-day event: its start is a day, not a time.
      expect(event.startDate.isDate).toBe(true);
      return {
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toString(),
        end: event.endDate.toString(),
        description: event.description,
      };
    }),
  };
}

describe('the calendar subscription', () => {
  it("serves the company's grant, task and requirement deadlines, and follows their changes", async () => {
    const admin = await registerCompany(app);
    const client = clientFor(app, admin.cookie);
    const grant = (
      await client.post('/api/grants', {
        name: 'Library Literacy',
        funder: 'River Trust',
        amount: 10_000,
        dueDate: inDays(20),
      })
    ).json<{ id: number }>();
    const task = (
      await client.post(`/api/grants/${grant.id}/tasks`, {
        name: 'Draft budget',
        description: 'Line items, year one',
        category: 'proposal',
        dueDate: inDays(10),
      })
    ).json<{ id: number }>();
    const requirementDue = '2031-07-01T12:00:00.000Z';
    const requirement = (
      await client.post(`/api/grants/${grant.id}/requirements`, {
        name: 'Year one',
        type: 'interim_report',
        dueDate: requirementDue,
      })
    ).json<{ id: number }>();

    const path = await feedPath(client);
    expect(await feedPath(client)).toBe(path);
    const feed = await readFeed(path);
    expect(feed.name).toBe('Grantwell deadlines');
    expect(feed.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          uid: `grant-${grant.id}@grantwell`,
          summary: 'Library Literacy due',
          description: 'Funder: River Trust',
        }),
        expect.objectContaining({
          uid: `task-${task.id}@grantwell`,
          summary: 'Draft budget (Library Literacy)',
          description: 'Line items, year one',
        }),
        expect.objectContaining({
          uid: `requirement-${requirement.id}@grantwell`,
          summary: 'Interim report: Year one (Library Literacy)',
          start: '2031-07-01',
          end: '2031-07-02',
          description: 'Status: Pending',
        }),
      ]),
    );
    expect(feed.events).toHaveLength(3);

    // A new date and a new name show at the next read, under the same uid. Its day is the
    // reader's: late on the 4th in Los Angeles is already the 5th in UTC.
    const moved = '2031-05-05T03:30:00.000Z';
    await client.patch(`/api/grants/${grant.id}`, { name: 'Library Literacy II', dueDate: moved });
    const grantEvent = async () =>
      (await readFeed(path)).events.find((e) => e.uid === `grant-${grant.id}@grantwell`);
    expect(await grantEvent()).toMatchObject({
      summary: 'Library Literacy II due',
      start: '2031-05-05',
    });
    expect(await feedPath(client, 'get', 'America/Los_Angeles')).toBe(path);
    expect(await grantEvent()).toMatchObject({ start: '2031-05-04', end: '2031-05-05' });
    // The zone is kept: a read leaves it, whatever it is sent (a GET changes nothing).
    expect(await feedPath(client)).toBe(path);
    const read = await client.get('/api/user/calendar-feed?tz=Asia/Tokyo');
    expect(read.json()).toMatchObject({ timeZone: 'America/Los_Angeles' });
    expect(await grantEvent()).toMatchObject({ start: '2031-05-04' });
    for (const zone of ['Mars/Olympus', '\u0000', 'x'.repeat(101), '', 7, null]) {
      const refused = await client.patch('/api/user/calendar-feed', { timeZone: zone });
      expect(refused.statusCode, String(zone)).toBe(400);
    }
    expect(read.json()).toMatchObject({ timeZone: 'America/Los_Angeles' });
    // A zone renamed by the IANA database is kept as a browser of today names it.
    const kolkata = await client.patch('/api/user/calendar-feed', { timeZone: 'Asia/Kolkata' });
    expect(kolkata.json()).toMatchObject({ timeZone: 'Asia/Kolkata' });
    expect(await grantEvent()).toMatchObject({ start: '2031-05-05' });
    await client.delete(`/api/grants/${grant.id}`);
    expect((await readFeed(path)).events).toEqual([]);
  });

  it("a feed made without a time zone counts days in the company's, as its reminders do", async () => {
    const admin = await registerCompany(app);
    const client = clientFor(app, admin.cookie);
    await setCompanyTimeZone(client, 'Pacific/Auckland');
    // 20:00 UTC on 1 May is already 2 May in Auckland.
    await client.post('/api/grants', {
      name: 'Harbour Study',
      funder: 'Sea Trust',
      amount: 1,
      dueDate: '2031-05-01T20:00:00.000Z',
    });
    const path = await feedPath(client);
    expect((await readFeed(path)).events).toMatchObject([{ start: '2031-05-02' }]);
    // A new address keeps the zone.
    const renewed = await feedPath(client, 'post');
    expect((await readFeed(renewed)).events).toMatchObject([{ start: '2031-05-02' }]);
  });

  it("a new address replaces the old one; another company's feed shows none of this one's", async () => {
    const admin = await registerCompany(app);
    const client = clientFor(app, admin.cookie);
    await client.post('/api/grants', {
      name: 'Only ours',
      funder: 'F',
      amount: 1,
      dueDate: '2031-12-31T23:30:00.000Z',
    });
    const old = await feedPath(client, 'get', 'Asia/Tokyo');
    const renewed = await feedPath(client, 'post');
    expect(renewed).not.toBe(old);
    expect((await app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
    // The new address keeps the reader's zone: New Year's Day already, in Tokyo.
    expect((await readFeed(renewed)).events.map((e) => [e.summary, e.start])).toEqual([
      ['Only ours due', '2032-01-01'],
    ]);

    const other = clientFor(app, (await registerCompany(app)).cookie);
    expect((await readFeed(await feedPath(other))).events).toEqual([]);
  });

  it('each user has their own address; a removed user’s stops working', async () => {
    const admin = await registerCompany(app);
    const member = await addMember(app, admin.user.companyId);
    const adminPath = await feedPath(clientFor(app, admin.cookie));
    const memberPath = await feedPath(clientFor(app, member.cookie));
    expect(memberPath).not.toBe(adminPath);
    await clientFor(app, admin.cookie).delete(`/api/organization/users/${member.user.id}`);
    expect((await app.inject({ method: 'GET', url: memberPath })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: adminPath })).statusCode).toBe(200);
  });

  it("stops working when an admin resets its user's password; the user's own change keeps it", async () => {
    const admin = await registerCompany(app);
    const member = await addMember(app, admin.user.companyId);
    const asMember = clientFor(app, member.cookie);
    const before = await feedPath(asMember);
    const changed = await asMember.post('/api/user/password', {
      currentPassword: member.password,
      newPassword: 'Changed-pass1',
    });
    expect(changed.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: before })).statusCode).toBe(200);
    const reset = await clientFor(app, admin.cookie).post(
      '/api/organization/users/reset-password',
      { userId: member.user.id, newPassword: 'Reset-pass12' },
    );
    expect(reset.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: before })).statusCode).toBe(404);
    // The admin's own address still works.
    expect(
      (await app.inject({ method: 'GET', url: await feedPath(clientFor(app, admin.cookie)) }))
        .statusCode,
    ).toBe(200);
  });

  it('serves a company of a thousand deadlines whole, written part by part', async () => {
    const admin = await registerCompany(app);
    const { companyId } = admin.user;
    await inCompany(app.db, companyId, (tx) =>
      tx.execute(sql`
        INSERT INTO grants (company_id, name, funder, amount, due_date, status)
        SELECT ${companyId}, 'Grant ' || n, 'Hill Foundation', 1000,
               now() + n * interval '1 day', 'draft'
        FROM generate_series(1, 1200) AS n`),
    );
    const { events } = await readFeed(await feedPath(clientFor(app, admin.cookie)));
    expect(events).toHaveLength(1_200);
    expect(new Set(events.map((event) => event.uid)).size).toBe(1_200);
    expect(events.at(-1)?.summary).toBe('Grant 1200 due');
  });

  it('answers an unknown or malformed address 404, and the address API needs a session', async () => {
    for (const url of [
      `/api/calendar/${'A'.repeat(43)}.ics`,
      '/api/calendar/short.ics',
      `/api/calendar/${'A'.repeat(43)}`,
      `/api/calendar/${'A'.repeat(42)}%00.ics`,
      `/api/calendar/${'A'.repeat(43)}.ics.ics`,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('Calendar not found');
    }
    expect((await app.inject({ method: 'GET', url: '/api/user/calendar-feed' })).statusCode).toBe(
      401,
    );
  });
});

/** The feed's validator now: a whole read of it, as a calendar application's first. */
async function validatorOf(path: string) {
  const response = await app.inject({ method: 'GET', url: path });
  expect(response.statusCode, response.body).toBe(200);
  return String(response.headers.etag);
}

/** A calendar application's poll: the feed, unless it is still the one `etag` names. */
const poll = (path: string, etag: string) =>
  app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } });

describe('the calendar subscription, polled', () => {
  it('answers 304 while nothing it shows changed, without writing the file', async () => {
    const admin = await registerCompany(app);
    const client = clientFor(app, admin.cookie);
    await client.post('/api/grants', {
      name: 'Library Literacy',
      funder: 'River Trust',
      amount: 10_000,
      dueDate: inDays(20),
    });
    const path = await feedPath(client);
    const etag = await validatorOf(path);

    const unchanged = await poll(path, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.headers['cache-control']).toBe('private, no-cache');
    expect(unchanged.headers['content-type']).toBeUndefined();
    // In a list of validators, or in its strong form, it still matches.
    expect((await poll(path, `W/"other", ${etag}`)).statusCode).toBe(304);
    expect((await poll(path, etag.slice(2))).statusCode).toBe(304);

    // What the feed does not show changes nothing: a contact, another company's grant.
    await client.post('/api/contacts', { name: 'Ada', email: 'ada@x.org' });
    const other = clientFor(app, (await registerCompany(app)).cookie);
    await other.post('/api/grants', { name: 'Theirs', funder: 'F', amount: 1, dueDate: inDays(3) });
    expect((await poll(path, etag)).statusCode).toBe(304);

    // With every calendar file of the company's being sent, a new file is refused, and an
    // unchanged one is still answered: a poll answered 304 writes none.
    const readers = Array.from({ length: DEFAULT_LIMITS.downloadsPerCompanyAtOnce }, () =>
      Object.assign(new EventEmitter(), {
        closed: false,
        destroyed: false,
        req: { socket: Object.assign(new EventEmitter(), { destroyed: false }) },
      }),
    );
    for (const raw of readers) {
      const reply = { raw, header: () => reply } as unknown as FastifyReply;
      await app.calendarDownloads.hold(admin.user.companyId, reply, async () => undefined);
    }
    try {
      expect((await poll(path, etag)).statusCode).toBe(304);
      const whole = await app.inject({ method: 'GET', url: path });
      expect(whole.statusCode).toBe(503);
      expect(whole.json()).toEqual({ message: DOWNLOADS_BUSY });
      expect(whole.headers.etag).toBeUndefined();
    } finally {
      for (const raw of readers) raw.emit('close');
    }
  });

  it('answers the whole file again after each change of what it shows', async () => {
    const admin = await registerCompany(app);
    const client = clientFor(app, admin.cookie);
    const grantId = await createdId(client, '/api/grants', {
      name: 'Library Literacy',
      funder: 'River Trust',
      amount: 10_000,
      dueDate: inDays(20),
    });
    // A grant due over a year ago is not in the feed, but its name is, in its task's title.
    const olderId = await createdId(client, '/api/grants', {
      name: 'Old Study',
      funder: 'Hill Foundation',
      amount: 1,
      dueDate: inDays(-400),
    });
    const taskId = await createdId(client, `/api/grants/${grantId}/tasks`, {
      name: 'Draft budget',
      description: 'Line items',
      category: 'proposal',
      dueDate: inDays(10),
    });
    // Due over a year ago too, until it is moved into the feed.
    const pastId = await createdId(client, `/api/grants/${olderId}/tasks`, {
      name: 'Final report',
      description: 'Outcomes',
      category: 'submission',
      dueDate: inDays(-400),
    });
    const requirementId = await createdId(client, `/api/grants/${grantId}/requirements`, {
      name: 'Year one',
      type: 'interim_report',
      dueDate: inDays(30),
    });
    const path = await feedPath(client);
    let etag = await validatorOf(path);

    const changes: [string, () => Promise<{ statusCode: number; body: string }>][] = [
      [
        "a task's due date",
        () => client.patch(`/api/grants/${grantId}/tasks/${taskId}`, { dueDate: inDays(11) }),
      ],
      [
        "a task's description",
        () =>
          client.patch(`/api/grants/${grantId}/tasks/${taskId}`, { description: 'Year two too' }),
      ],
      [
        'a task moved from over a year ago to the days to come',
        () => client.patch(`/api/grants/${olderId}/tasks/${pastId}`, { dueDate: inDays(5) }),
      ],
      ["a grant's deadline", () => client.patch(`/api/grants/${grantId}`, { dueDate: inDays(21) })],
      ["a grant's funder", () => client.patch(`/api/grants/${grantId}`, { funder: 'Lake Fund' })],
      [
        'the name of a grant due over a year ago',
        () => client.patch(`/api/grants/${olderId}`, { name: 'Old Study II' }),
      ],
      [
        "a requirement's status",
        () =>
          client.patch(`/api/grants/${grantId}/requirements/${requirementId}`, {
            status: 'submitted',
          }),
      ],
      [
        "a requirement's due date",
        () =>
          client.patch(`/api/grants/${grantId}/requirements/${requirementId}`, {
            dueDate: inDays(31),
          }),
      ],
      [
        'a new task',
        () =>
          client.post(`/api/grants/${grantId}/tasks`, {
            name: 'Call',
            description: 'The officer',
            category: 'outreach',
            dueDate: inDays(2),
          }),
      ],
      ['a task deleted', () => client.delete(`/api/grants/${grantId}/tasks/${taskId}`)],
      [
        'a requirement deleted',
        () => client.delete(`/api/grants/${grantId}/requirements/${requirementId}`),
      ],
      [
        "the feed's time zone",
        () => client.patch('/api/user/calendar-feed', { timeZone: 'Asia/Tokyo' }),
      ],
      ['a grant deleted', () => client.delete(`/api/grants/${grantId}`)],
    ];
    for (const [what, change] of changes) {
      const done = await change();
      expect(done.statusCode, `${what}: ${done.body}`).toBeLessThan(300);
      const changed = await poll(path, etag);
      expect(changed.statusCode, what).toBe(200);
      expect(changed.body, what).toMatch(/^BEGIN:VCALENDAR/);
      expect(changed.headers.etag, what).not.toBe(etag);
      etag = String(changed.headers.etag);
      expect((await poll(path, etag)).statusCode, what).toBe(304);
    }
  });
});
