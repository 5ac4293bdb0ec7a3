import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../src/domain/dashboard.ts';
import type { Grant } from '../../src/domain/grants.ts';
import type { Requirement } from '../../src/domain/requirements.ts';
import { addMember, registerCompany } from '../helpers/factories.ts';
import { type Client, clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

const newCompany = async () => {
  const admin = await registerCompany(app);
  return { admin, client: clientFor(app, admin.cookie) };
};

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function addGrant(client: Client, extra: Record<string, unknown> = {}): Promise<Grant> {
  const response = await client.post('/api/grants', {
    name: 'Library literacy',
    funder: 'Hill Foundation',
    amount: 50_000,
    dueDate: inDays(60),
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json<Grant>();
}

const requirement = (extra: Record<string, unknown> = {}) => ({
  name: 'Interim report',
  type: 'interim_report',
  dueDate: inDays(10),
  ...extra,
});

describe('awards', () => {
  it('keeps the awarded amount, date and period beside the amount requested, and clears them', async () => {
    const { client } = await newCompany();
    const grant = await addGrant(client);
    expect(grant).toMatchObject({
      amount: 50_000,
      awardedAmount: null,
      awardedDate: null,
      periodStart: null,
      periodEnd: null,
    });

    const awarded = await client.patch(`/api/grants/${grant.id}`, {
      status: 'awarded',
      awardedAmount: 42_000,
      awardedDate: '2026-09-01',
      periodStart: '2026-10-01T00:00:00.000Z',
      periodEnd: '2027-09-30T00:00:00.000Z',
    });
    expect(awarded.statusCode).toBe(200);
    // Days, kept at noon UTC.
    expect(awarded.json()).toMatchObject({
      status: 'awarded',
      amount: 50_000,
      awardedAmount: 42_000,
      awardedDate: '2026-09-01T12:00:00.000Z',
      periodStart: '2026-10-01T12:00:00.000Z',
      periodEnd: '2027-09-30T12:00:00.000Z',
    });

    // Fields left out keep their value; null and '' clear.
    const kept = await client.patch(`/api/grants/${grant.id}`, { notes: 'Thank-you letter sent' });
    expect(kept.json()).toMatchObject({
      awardedAmount: 42_000,
      periodEnd: '2027-09-30T12:00:00.000Z',
    });
    const cleared = await client.patch(`/api/grants/${grant.id}`, {
      awardedAmount: null,
      awardedDate: '',
      periodStart: null,
      periodEnd: null,
    });
    expect(cleared.json()).toMatchObject({
      awardedAmount: null,
      awardedDate: null,
      periodStart: null,
      periodEnd: null,
    });
    expect((await client.get(`/api/grants/${grant.id}`)).json()).toMatchObject({
      awardedAmount: null,
      awardedDate: null,
    });
  });

  it('refuses an awarded amount or a period that cannot be, and changes nothing', async () => {
    const { client } = await newCompany();
    const grant = await addGrant(client, {
      periodStart: '2026-01-01T00:00:00.000Z',
      periodEnd: '2026-12-31T00:00:00.000Z',
    });
    for (const [body, message] of [
      [{ awardedAmount: -1 }, 'Awarded amount must be positive'],
      [{ awardedAmount: 'lots' }, 'Awarded amount must be positive'],
      [{ awardedAmount: 10.5 }, 'Amount must be a whole number of dollars'],
      [{ awardedAmount: 1e13 }, 'Amount is too large'],
      [{ awardedDate: 'soon' }, 'Invalid date format'],
      [{ periodStart: '99999-01-01' }, 'Dates must be from 1900 to 2200'],
      [
        { periodStart: '2027-01-01T00:00:00.000Z', periodEnd: '2026-01-01T00:00:00.000Z' },
        'The period cannot end before it starts',
      ],
      // One end alone, against the other end stored: the database holds the rule.
      [{ periodEnd: '2025-06-01T00:00:00.000Z' }, 'The period cannot end before it starts'],
      [{ periodStart: '2027-06-01T00:00:00.000Z' }, 'The period cannot end before it starts'],
    ] as const) {
      const response = await client.patch(`/api/grants/${grant.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(message);
    }
    expect((await client.get(`/api/grants/${grant.id}`)).json()).toMatchObject({
      awardedAmount: null,
      periodStart: '2026-01-01T12:00:00.000Z',
      periodEnd: '2026-12-31T12:00:00.000Z',
    });
  });
});

describe('requirements', () => {
  it('adds, lists soonest first, updates, clears and deletes the requirements of a grant', async () => {
    const { admin, client } = await newCompany();
    const grant = await addGrant(client);
    const url = `/api/grants/${grant.id}/requirements`;
    expect((await client.get(url)).json()).toEqual([]);

    const later = await client.post(
      url,
      requirement({ name: 'Final report', type: 'final_report', dueDate: inDays(300) }),
    );
    expect(later.statusCode).toBe(201);
    const sooner = await client.post(
      url,
      requirement({ assigneeId: admin.user.id, notes: 'Outcomes so far' }),
    );
    expect(sooner.statusCode).toBe(201);
    const created = sooner.json<Requirement>();
    expect(created).toMatchObject({
      grantId: grant.id,
      name: 'Interim report',
      type: 'interim_report',
      status: 'pending',
      assigneeId: admin.user.id,
      notes: 'Outcomes so far',
      companyId: admin.user.companyId,
    });

    const list = (await client.get(url)).json<Requirement[]>();
    expect(list.map((r) => r.name)).toEqual(['Interim report', 'Final report']);

    const one = `${url}/${created.id}`;
    const submitted = await client.patch(one, { status: 'submitted' });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      status: 'submitted',
      assigneeId: admin.user.id,
      notes: 'Outcomes so far',
    });
    const cleared = await client.patch(one, { assigneeId: null, notes: '' });
    expect(cleared.json()).toMatchObject({ assigneeId: null, notes: null, status: 'submitted' });
    // An emptied select ('') clears it too, as a task's.
    await client.patch(one, { assigneeId: admin.user.id });
    const emptied = await client.patch(one, { assigneeId: '' });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json()).toMatchObject({ assigneeId: null });

    expect((await client.delete(one)).statusCode).toBe(204);
    expect((await client.delete(one)).statusCode).toBe(404);
    expect((await client.get(url)).json<Requirement[]>().map((r) => r.name)).toEqual([
      'Final report',
    ]);
  });

  it('answers bad values with 400 and a message, and stores nothing', async () => {
    const { client } = await newCompany();
    const grant = await addGrant(client);
    const url = `/api/grants/${grant.id}/requirements`;
    for (const [body, message] of [
      [{ ...requirement(), name: '  ' }, 'Name is required'],
      [{ ...requirement(), type: undefined }, 'Type is required'],
      [{ ...requirement(), type: 'thank_you_card' }, 'Invalid type value'],
      [{ ...requirement(), dueDate: undefined }, 'Due date is required'],
      [{ ...requirement(), dueDate: '99999-01-01' }, 'Dates must be from 1900 to 2200'],
      [{ ...requirement(), status: 'lost' }, 'Invalid status value'],
      [{ ...requirement(), assigneeId: 'me' }, 'Invalid assignee'],
      [{ ...requirement(), assigneeId: 2_147_483_648 }, 'Invalid assignee'],
      [{ ...requirement(), name: 'Report\u0000' }, 'Invalid characters'],
    ] as const) {
      const response = await client.post(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(message);
    }
    expect((await client.get(url)).json()).toEqual([]);
  });

  it("keeps to the company: another company's grant, requirement or user is not found or refused", async () => {
    const own = await newCompany();
    const other = await newCompany();
    const ownGrant = await addGrant(own.client);
    const otherGrant = await addGrant(other.client);
    const otherRequirement = (
      await other.client.post(`/api/grants/${otherGrant.id}/requirements`, requirement())
    ).json<Requirement>();

    const theirs = `/api/grants/${otherGrant.id}/requirements`;
    expect((await own.client.get(theirs)).statusCode).toBe(404);
    expect((await own.client.post(theirs, requirement())).statusCode).toBe(404);
    expect(
      (await own.client.patch(`${theirs}/${otherRequirement.id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await own.client.delete(`${theirs}/${otherRequirement.id}`)).statusCode).toBe(404);
    // Their requirement under one's own grant is not found either.
    const mixed = `/api/grants/${ownGrant.id}/requirements/${otherRequirement.id}`;
    expect((await own.client.patch(mixed, { name: 'Mine' })).statusCode).toBe(404);
    expect((await own.client.delete(mixed)).statusCode).toBe(404);

    // Another company's user cannot be given the work, on create or on update.
    const ownUrl = `/api/grants/${ownGrant.id}/requirements`;
    const refused = await own.client.post(ownUrl, requirement({ assigneeId: other.admin.user.id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Assignee must be a member of your organization');
    expect((await own.client.get(ownUrl)).json()).toEqual([]);
    const mine = (await own.client.post(ownUrl, requirement())).json<Requirement>();
    const moved = await own.client.patch(`${ownUrl}/${mine.id}`, {
      assigneeId: other.admin.user.id,
    });
    expect(moved.statusCode).toBe(400);
    const unknown = await own.client.patch(`${ownUrl}/${mine.id}`, { assigneeId: 2_000_000_000 });
    expect(unknown.statusCode).toBe(400);
    expect((await own.client.get(ownUrl)).json<Requirement[]>()[0]?.assigneeId).toBeNull();

    expect((await other.client.get(theirs)).json<Requirement[]>().map((r) => r.name)).toEqual([
      'Interim report',
    ]);
  });

  it('unassigns the work of a user who is removed, and goes with its grant', async () => {
    const { admin, client } = await newCompany();
    const member = await addMember(app, admin.user.companyId);
    const grant = await addGrant(client);
    const url = `/api/grants/${grant.id}/requirements`;
    const given = (
      await client.post(url, requirement({ assigneeId: member.user.id }))
    ).json<Requirement>();
    expect(given.assigneeId).toBe(member.user.id);

    expect((await client.delete(`/api/organization/users/${member.user.id}`)).statusCode).toBe(204);
    expect((await client.get(url)).json<Requirement[]>()[0]).toMatchObject({
      id: given.id,
      assigneeId: null,
    });

    expect((await client.delete(`/api/grants/${grant.id}`)).statusCode).toBe(204);
    expect((await client.get(url)).statusCode).toBe(404);
  });

  it('shows on the dashboard the pending ones overdue or due within 14 days, soonest first', async () => {
    const { client } = await newCompany();
    const grant = await addGrant(client, { name: 'Reading rooms' });
    const url = `/api/grants/${grant.id}/requirements`;
    await client.post(
      url,
      requirement({ name: 'Late budget', type: 'budget', dueDate: inDays(-3) }),
    );
    await client.post(
      url,
      requirement({ name: 'Site visit', type: 'site_visit', dueDate: inDays(5) }),
    );
    await client.post(url, requirement({ name: 'Far report', dueDate: inDays(40) }));
    const done = (
      await client.post(url, requirement({ name: 'Sent LOI', dueDate: inDays(2) }))
    ).json<Requirement>();
    await client.patch(`${url}/${done.id}`, { status: 'accepted' });

    const dashboard = (await client.get('/api/dashboard?tz=UTC')).json<Dashboard>();
    expect(dashboard.requirementsDue.map((r) => [r.name, r.type, r.grantName, r.status])).toEqual([
      ['Late budget', 'budget', 'Reading rooms', 'pending'],
      ['Site visit', 'site_visit', 'Reading rooms', 'pending'],
    ]);

    // Another company's dashboard shows none of them.
    const other = await newCompany();
    expect((await other.client.get('/api/dashboard')).json<Dashboard>().requirementsDue).toEqual(
      [],
    );
  });
});
