import { afterAll, describe, expect, it } from 'vitest';
import { registerCompany } from '../helpers/factories.ts';
import { asOwner, runMigrationAgain } from '../helpers/migrations.ts';
import { clientFor, createdId, setCompanyTimeZone } from '../helpers/requests.ts';
import { buildTestApp } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const database = await createTestDatabase();
const app = await buildTestApp({ database: { kind: 'server', url: database.url } });
afterAll(async () => {
  await app.close();
  await database.drop();
});

const grant = {
  name: 'Literacy for All',
  funder: 'River Trust',
  amount: 25_000,
  dueDate: '2027-03-01T17:00:00.000Z',
  status: 'awarded',
};

describe("an award's days", () => {
  it('are kept as the calendar days written, at noon UTC', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    const id = await createdId(client, '/api/grants', {
      ...grant,
      awardedDate: '2026-11-01',
      periodStart: '2027-01-01T00:00:00+01:00',
      periodEnd: '2027-12-31T23:30:00-08:00',
    });
    const saved = (await client.get(`/api/grants/${id}`)).json();
    expect(saved).toMatchObject({
      awardedDate: '2026-11-01T12:00:00.000Z',
      periodStart: '2027-01-01T12:00:00.000Z',
      periodEnd: '2027-12-31T12:00:00.000Z',
    });
  });

  it('refuses one end of the period out of order with the other end kept, naming the end sent, so the form shows it there', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    const message = 'The period cannot end before it starts';
    const id = await createdId(client, '/api/grants', { ...grant, periodStart: '2027-06-01' });
    const refused = await client.patch(`/api/grants/${id}`, { periodEnd: '2027-01-01' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message, issues: [{ path: 'periodEnd', message }] });
    expect((await client.get(`/api/grants/${id}`)).json().periodEnd).toBeNull();

    const ended = await createdId(client, '/api/grants', { ...grant, periodEnd: '2027-06-01' });
    const late = await client.patch(`/api/grants/${ended}`, { periodStart: '2028-01-01' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message, issues: [{ path: 'periodStart', message }] });
    expect((await client.get(`/api/grants/${ended}`)).json().periodStart).toBeNull();
  });

  it('kept before as the midnight that began them somewhere, become that day at noon UTC, as no one’s edit', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    // As the form saved them: 1 January from Berlin, Auckland and Los Angeles; one day from an
    // import (noon UTC already); one award with no period end.
    const legacy = [
      ['2026-12-31T23:00:00Z', '2026-12-31T11:00:00Z', '2027-01-01T08:00:00Z'],
      ['2027-03-31T12:00:00Z', '2027-04-01T12:00:00Z', '2028-03-31T12:00:00Z'],
      ['2026-12-31T11:00:00Z', '2026-12-31T23:00:00Z', null],
    ] as const;
    const ids: number[] = [];
    for (const [i, days] of legacy.entries()) {
      ids.push(await createdId(client, '/api/grants', { ...grant, name: `Award ${i}` }));
      const [awarded, start, end] = days;
      await owner(
        `UPDATE grants SET awarded_date = $2, period_start = $3, period_end = $4
                   WHERE id = $1`,
        [ids[i], awarded, start, end],
      );
    }
    const before = await owner<{ id: number; updated_at: Date }>(
      'SELECT id, updated_at FROM grants WHERE id = ANY($1) ORDER BY id',
      [ids],
    );
    const historyBefore = await owner('SELECT id FROM activity');

    // The migration, run again on these rows (it leaves days already at noon as they are).
    await migrationAwardDaysAtNoon();

    const read = async (id: number | undefined) => {
      const body = (await client.get(`/api/grants/${id}`)).json();
      return [body.awardedDate, body.periodStart, body.periodEnd];
    };
    expect(await read(ids[0])).toEqual([
      '2027-01-01T12:00:00.000Z',
      '2027-01-01T12:00:00.000Z',
      '2027-01-01T12:00:00.000Z',
    ]);
    expect(await read(ids[1])).toEqual([
      '2027-03-31T12:00:00.000Z',
      '2027-04-01T12:00:00.000Z',
      '2028-03-31T12:00:00.000Z',
    ]);
    expect(await read(ids[2])).toEqual([
      '2027-01-01T12:00:00.000Z',
      '2027-01-01T12:00:00.000Z',
      null,
    ]);
    expect(
      await owner('SELECT id, updated_at FROM grants WHERE id = ANY($1) ORDER BY id', [ids]),
    ).toEqual(before);
    expect(await owner('SELECT id FROM activity')).toEqual(historyBefore);
  });
});

describe("an award's days kept before, in a company that counts days in New Zealand", () => {
  it('are the days whose midnight they were there, summer and winter', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    await setCompanyTimeZone(client, 'Pacific/Auckland');
    const id = await createdId(client, '/api/grants', grant);
    // 1 January in summer (UTC+13), 1 July in winter (UTC+12: noon UTC the day before).
    await owner(
      `UPDATE grants SET awarded_date = $2, period_start = $3, period_end = $4 WHERE id = $1`,
      [id, '2026-12-31T11:00:00Z', '2027-06-30T12:00:00Z', '2027-12-31T11:00:00Z'],
    );
    await migrationAwardDaysAtNoon();
    const body = (await client.get(`/api/grants/${id}`)).json();
    expect([body.awardedDate, body.periodStart, body.periodEnd]).toEqual([
      '2027-01-01T12:00:00.000Z',
      '2027-07-01T12:00:00.000Z',
      '2028-01-01T12:00:00.000Z',
    ]);
  });
});

const owner = <Row = unknown>(text: string, values: unknown[] = []) =>
  asOwner<Row>(database.url, text, values);
const migrationAwardDaysAtNoon = () => runMigrationAgain(database.url, '0029_award_days_at_noon');
