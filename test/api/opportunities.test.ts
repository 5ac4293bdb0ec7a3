import { describe, expect, it } from 'vitest';
import { stageProbabilities } from '../../src/domain/opportunities.ts';
import { registerCompany } from '../helpers/factories.ts';
import { type Client, clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

const newClient = async (): Promise<Client> => clientFor(app, (await registerCompany(app)).cookie);

const campaign = {
  name: 'Capital campaign',
  organization: 'Hill Foundation',
  amount: 50_000,
  stage: 'proposal',
  expectedCloseDate: '2027-01-15T00:00:00.000Z',
  probability: 45,
  notes: 'Board meets in December',
};

describe('opportunities CRUD', () => {
  it('creates (201), reads, lists, updates and deletes', async () => {
    const client = await newClient();
    const created = await client.post('/api/opportunities', campaign);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject(campaign);
    const { id } = created.json();

    expect((await client.get(`/api/opportunities/${id}`)).json()).toEqual(created.json());
    const list = await client.get('/api/opportunities');
    expect(list.json()).toEqual([created.json()]);
    expect(list.headers['x-total-count']).toBe('1');

    const updated = await client.patch(`/api/opportunities/${id}`, {
      stage: 'negotiation',
      probability: 80,
      notes: '',
    });
    expect(updated.json()).toMatchObject({ stage: 'negotiation', probability: 80, notes: null });

    expect((await client.delete(`/api/opportunities/${id}`)).statusCode).toBe(204);
    const gone = await client.get(`/api/opportunities/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Opportunity not found' });
  });

  it("uses the stage's default probability when none is sent", async () => {
    const client = await newClient();
    for (const stage of ['qualification', 'closed-won', 'closed-lost'] as const) {
      const { probability: _none, ...withoutProbability } = campaign;
      const created = await client.post('/api/opportunities', { ...withoutProbability, stage });
      expect(created.json().probability).toBe(stageProbabilities[stage]);
      // Sent as none (the form's field cleared), it is none.
      const cleared = await client.post('/api/opportunities', {
        ...campaign,
        stage,
        probability: null,
      });
      expect(cleared.statusCode).toBe(201);
      expect(cleared.json().probability).toBeNull();
      const id = cleared.json().id;
      expect((await client.get(`/api/opportunities/${id}`)).json().probability).toBeNull();
    }
  });

  it("a new stage without a probability brings the stage's default; the same stage, or a probability given, keeps what is asked", async () => {
    const client = await newClient();
    const id = (await client.post('/api/opportunities', { ...campaign, probability: 33 })).json()
      .id;
    const probabilityAfter = async (patch: Record<string, unknown>) => {
      const response = await client.patch(`/api/opportunities/${id}`, patch);
      expect(response.statusCode, response.body).toBe(200);
      expect((await client.get(`/api/opportunities/${id}`)).json().probability).toBe(
        response.json().probability,
      );
      return response.json().probability;
    };
    expect(await probabilityAfter({ stage: campaign.stage })).toBe(33);
    expect(await probabilityAfter({ stage: 'negotiation' })).toBe(stageProbabilities.negotiation);
    expect(await probabilityAfter({ probability: 60 })).toBe(60);
    expect(await probabilityAfter({ stage: 'closed-lost', probability: 5 })).toBe(5);
    expect(await probabilityAfter({ stage: 'closed-won', probability: null })).toBe(null);
    expect(await probabilityAfter({ name: 'Renamed' })).toBe(null);
    expect(await probabilityAfter({ stage: 'closed-lost' })).toBe(
      stageProbabilities['closed-lost'],
    );
  });

  it('accepts an amount of 0', async () => {
    const client = await newClient();
    expect((await client.post('/api/opportunities', { ...campaign, amount: 0 })).statusCode).toBe(
      201,
    );
  });

  it('searches name and organization, filters by stage, sorts and pages', async () => {
    const client = await newClient();
    await client.post('/api/opportunities', campaign);
    await client.post('/api/opportunities', {
      ...campaign,
      name: 'Gala',
      organization: 'Arts Council',
      stage: 'prospecting',
      amount: 5000,
    });
    await client.post('/api/opportunities', {
      ...campaign,
      name: 'Endowment',
      stage: 'prospecting',
      amount: 900_000,
    });

    const names = (url: string) =>
      client.get(url).then((r) => r.json().map((o: { name: string }) => o.name));
    expect(await names('/api/opportunities?q=hill&sort=name')).toEqual([
      'Capital campaign',
      'Endowment',
    ]);
    expect(await names('/api/opportunities?stage=prospecting&sort=-amount')).toEqual([
      'Endowment',
      'Gala',
    ]);
    expect(await names('/api/opportunities?sort=amount&limit=1&offset=1')).toEqual([
      'Capital campaign',
    ]);
  });
});

describe('opportunity validation (SPEC §5)', () => {
  it.each([
    [{ name: ' ' }, 'Name is required'],
    [{ organization: '' }, 'Organization is required'],
    [{ amount: -1 }, 'Amount must be greater than 0'],
    [{ stage: undefined }, 'Stage is required'],
    [{ stage: 'won' }, 'Invalid stage value'],
    [{ expectedCloseDate: undefined }, 'Expected close date is required'],
    [{ probability: 101 }, 'Probability must be at most 100'],
    [{ probability: -3 }, 'Probability must be at least 0'],
  ])('%j → %s, and nothing is stored', async (change, message) => {
    const client = await newClient();
    const response = await client.post('/api/opportunities', { ...campaign, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await client.get('/api/opportunities')).json()).toEqual([]);
  });
});

describe('pipeline and tenancy', () => {
  it('counts and totals each of the six stages in order', async () => {
    const client = await newClient();
    await client.post('/api/opportunities', campaign);
    await client.post('/api/opportunities', { ...campaign, amount: 1000 });
    await client.post('/api/opportunities', { ...campaign, stage: 'closed-won', amount: 7 });
    expect((await client.get('/api/opportunities/pipeline')).json()).toEqual([
      { stage: 'prospecting', count: 0, total: 0 },
      { stage: 'qualification', count: 0, total: 0 },
      { stage: 'proposal', count: 2, total: 51_000 },
      { stage: 'negotiation', count: 0, total: 0 },
      { stage: 'closed-won', count: 1, total: 7 },
      { stage: 'closed-lost', count: 0, total: 0 },
    ]);
  });

  it("never shows, changes or deletes another company's opportunity", async () => {
    const owner = await newClient();
    const intruder = await newClient();
    const { id } = (await owner.post('/api/opportunities', campaign)).json();
    expect((await intruder.get(`/api/opportunities/${id}`)).statusCode).toBe(404);
    expect((await intruder.patch(`/api/opportunities/${id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await intruder.delete(`/api/opportunities/${id}`)).statusCode).toBe(404);
    expect((await intruder.get('/api/opportunities')).json()).toEqual([]);
    expect((await intruder.get('/api/opportunities/pipeline')).json()[2]).toEqual({
      stage: 'proposal',
      count: 0,
      total: 0,
    });
    expect((await owner.get(`/api/opportunities/${id}`)).json().name).toBe(campaign.name);
  });
});
