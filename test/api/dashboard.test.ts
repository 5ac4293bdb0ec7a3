import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { buildTestApp } from '../helpers/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('GET /api/dashboard', () => {
  it('is empty for a new company', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    expect((await client.get('/api/dashboard')).json()).toEqual({
      totalContacts: 0,
      totalInteractions: 0,
      activeGrants: 0,
      upcomingDeadlines: [],
      recentInteractions: [],
    });
  });

  it('counts, lists the next five active future deadlines soonest first, and the five latest interactions', async () => {
    const client = clientFor(app, (await registerCompany(app)).cookie);
    const grant = (name: string, days: number, status = 'draft') =>
      client.post('/api/grants', { name, funder: 'F', amount: 1, dueDate: inDays(days), status });
    await grant('past', -2);
    await grant('awarded soon', 1, 'awarded');
    await grant('rejected soon', 1, 'rejected');
    for (const [name, days, status] of [
      ['g6', 6, 'submitted'],
      ['g2', 2, 'draft'],
      ['g4', 4, 'in-progress'],
      ['g3', 3, 'submitted'],
      ['g5', 5, 'draft'],
      ['g7', 7, 'draft'],
    ] as const) {
      await grant(name, days, status);
    }

    const contact = (await client.post('/api/contacts', { name: 'Mo', email: 'mo@x.org' })).json();
    await client.post('/api/contacts', { name: 'Jo', email: 'jo@x.org' });
    for (let i = 1; i <= 6; i++) {
      await client.post('/api/interactions', {
        contactId: contact.id,
        type: 'note',
        notes: `n${i}`,
        date: inDays(-10 + i),
      });
    }

    const dashboard = (await client.get('/api/dashboard')).json();
    expect(dashboard.totalContacts).toBe(2);
    expect(dashboard.totalInteractions).toBe(6);
    // Active = not awarded or rejected, past or future: 'past' plus g2..g7.
    expect(dashboard.activeGrants).toBe(7);
    expect(dashboard.upcomingDeadlines.map((g: { name: string }) => g.name)).toEqual([
      'g2',
      'g3',
      'g4',
      'g5',
      'g6',
    ]);
    expect(dashboard.upcomingDeadlines[0]).toMatchObject({ funder: 'F', status: 'draft' });
    expect(dashboard.recentInteractions.map((i: { notes: string }) => i.notes)).toEqual([
      'n6',
      'n5',
      'n4',
      'n3',
      'n2',
    ]);
    expect(dashboard.recentInteractions[0]).toMatchObject({ contactName: 'Mo', type: 'note' });
  });

  it("counts only the company's own records", async () => {
    const busy = clientFor(app, (await registerCompany(app)).cookie);
    await busy.post('/api/contacts', { name: 'A', email: 'a@x.org' });
    const quiet = clientFor(app, (await registerCompany(app)).cookie);
    expect((await quiet.get('/api/dashboard')).json().totalContacts).toBe(0);
  });

  it('requires sign-in', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
