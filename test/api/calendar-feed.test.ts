import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { inCompany } from '../../src/server/db/scope.ts';
import { addMember, registerCompany } from '../helpers/factories.ts';
import { type Client, clientFor, setCompanyTimeZone } from '../helpers/requests.ts';
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
  // Read again in full each time: a file of its deadlines is kept nowhere along the way.
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.etag).toBeUndefined();
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
