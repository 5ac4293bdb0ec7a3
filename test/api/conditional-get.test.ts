import { describe, expect, it } from 'vitest';
import { registerCompany } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

describe('the contacts poll', () => {
  it('answers 304 with the ETag while nothing changed, and 200 once something has', async () => {
    const { cookie } = await registerCompany(app);
    const client = clientFor(app, cookie);
    await client.post('/api/contacts', { name: 'Ada Lovelace', email: 'ada@engine.org' });
    const url = '/api/contacts?limit=25&offset=0';
    const poll = (etag: string) =>
      app.inject({ method: 'GET', url, headers: { cookie, 'if-none-match': etag } });

    const first = await client.get(url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const unchanged = await poll(etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);

    // A strong form of the same validator matches too, and so does one in a list.
    expect((await poll(etag.slice(2))).statusCode).toBe(304);
    expect((await poll(`W/"other", ${etag}`)).statusCode).toBe(304);

    await client.post('/api/contacts', { name: 'Grace Hopper', email: 'grace@navy.org' });
    const changed = await poll(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toHaveLength(2);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('answers HEAD with the headers of GET, its validator included, and 304 to it', async () => {
    const { cookie } = await registerCompany(app);
    const client = clientFor(app, cookie);
    await client.post('/api/contacts', { name: 'Ada Lovelace', email: 'ada@engine.org' });
    const url = '/api/contacts?limit=25';
    const got = await client.get(url);
    const head = await app.inject({ method: 'HEAD', url, headers: { cookie } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(got.headers.etag);
    expect(head.headers['cache-control']).toBe('private, no-cache');
    const unchanged = await app.inject({
      method: 'HEAD',
      url,
      headers: { cookie, 'if-none-match': String(got.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it('changes the ETag when only the total changes', async () => {
    const { cookie } = await registerCompany(app);
    const client = clientFor(app, cookie);
    await client.post('/api/contacts', { name: 'Ada Lovelace', email: 'ada@engine.org' });
    const url = '/api/contacts?limit=1';
    const before = await client.get(url);
    await client.post('/api/contacts', { name: 'Zed Young', email: 'zed@example.org' });
    const after = await app.inject({
      method: 'GET',
      url,
      headers: { cookie, 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(before.body);
    expect(after.headers['x-total-count']).toBe('2');
  });

  it("never answers 304 to another company's request with the same validator", async () => {
    const one = await registerCompany(app);
    const other = await registerCompany(app);
    await clientFor(app, one.cookie).post('/api/contacts', { name: 'Ada', email: 'a@b.org' });
    const first = await clientFor(app, one.cookie).get('/api/contacts');
    const response = await app.inject({
      method: 'GET',
      url: '/api/contacts',
      headers: { cookie: other.cookie, 'if-none-match': String(first.headers.etag) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('gives no validator to errors or to writes', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/contacts' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers.etag).toBeUndefined();
    const { cookie } = await registerCompany(app);
    const created = await clientFor(app, cookie).post('/api/contacts', {
      name: 'Ada',
      email: 'a@b.org',
    });
    expect(created.headers.etag).toBeUndefined();
  });
});
