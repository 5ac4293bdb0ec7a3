import { describe, expect, it, vi } from 'vitest';
import { ApiError, api, forgetKnownPages, NETWORK_ERROR, SUCCESS } from './api-client.ts';

// These tests are about the client's own rules (SPEC §7, §8.1), so the network is a stand-in.
function respondWith(body: string, init: ResponseInit & { contentType?: string }) {
  const headers = init.contentType ? { 'content-type': init.contentType } : undefined;
  const fetchMock = vi.fn(async () => new Response(body || null, { ...init, headers }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as ApiError,
  );

describe('api client', () => {
  it('sends cookies, asks for JSON, bypasses the cache and sends a JSON body', async () => {
    const fetchMock = respondWith('{"id":1}', { status: 201, contentType: 'application/json' });
    await expect(api.post('/api/things', { name: 'x' })).resolves.toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/things', {
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"name":"x"}',
    });
  });

  it('sends the version a change is made to as If-Match, and reads the version now from a 412', async () => {
    const at = '2027-03-01T09:30:00.000Z';
    const fetchMock = vi.fn(
      async () =>
        new Response('{"message":"This contact has changed since you read it"}', {
          status: 412,
          headers: { 'content-type': 'application/json', etag: `"${at}"` },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const error = await failure(
      api.patch('/api/contacts/7', { name: 'x' }, '2027-03-01T09:00:00.000Z'),
    );
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/contacts/7',
      expect.objectContaining({
        headers: expect.objectContaining({ 'If-Match': '"2027-03-01T09:00:00.000Z"' }),
      }),
    ]);
    expect(error).toMatchObject({ status: 412, version: at });
  });

  it('sends no body with a GET', async () => {
    const fetchMock = respondWith('[]', { status: 200, contentType: 'application/json' });
    await api.get('/api/things');
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/things',
      expect.objectContaining({ method: 'GET', body: undefined }),
    ]);
  });

  it('resolves to a success marker when the answer is not JSON', async () => {
    respondWith('', { status: 204 });
    await expect(api.post('/api/logout')).resolves.toEqual(SUCCESS);
  });

  it("reports the status and the server's message field", async () => {
    respondWith('{"message":"Invalid username or password"}', {
      status: 401,
      contentType: 'application/json',
    });
    const error = await failure(api.post('/api/login', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('401: Invalid username or password');
  });

  it('keeps the fields a refusal names (its issues), leaving out what is not one', async () => {
    const issue = { path: 'username', message: 'Username already exists' };
    respondWith(JSON.stringify({ message: issue.message, issues: [issue, { path: 3 }, 'x'] }), {
      status: 409,
      contentType: 'application/json',
    });
    const error = await failure(api.post('/api/register', {}));
    expect(error).toMatchObject({ status: 409, message: '409: Username already exists' });
    expect(error.issues).toEqual([issue]);
  });

  it('reports the whole JSON body when it has no message field', async () => {
    respondWith('{"error":"odd"}', { status: 400, contentType: 'application/json' });
    expect((await failure(api.get('/api/x'))).message).toBe('400: {"error":"odd"}');
  });

  it('reports the text of a non-JSON body, or the status text when it is empty', async () => {
    respondWith('Bad gateway upstream', { status: 502, contentType: 'text/plain' });
    expect((await failure(api.get('/api/x'))).message).toBe('502: Bad gateway upstream');
    respondWith('', { status: 503, statusText: 'Service Unavailable' });
    expect((await failure(api.get('/api/x'))).message).toBe('503: Service Unavailable');
  });

  it('sends the list validator back and keeps the same page when the server answers 304', async () => {
    forgetKnownPages();
    const headers = { 'content-type': 'application/json', etag: 'W/"v1"', 'x-total-count': '7' };
    const fetchMock = vi.fn(async () => new Response('[{"id":1}]', { status: 200, headers }));
    vi.stubGlobal('fetch', fetchMock);
    const first = await api.getPage('/api/contacts?limit=1');
    expect(first).toEqual({ items: [{ id: 1 }], total: 7 });
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/contacts?limit=1',
      expect.objectContaining({ headers: { Accept: 'application/json' } }),
    ]);

    fetchMock.mockImplementation(async () => new Response(null, { status: 304 }));
    const again = await api.getPage('/api/contacts?limit=1');
    expect(again).toBe(first);
    expect(fetchMock.mock.calls[1]).toEqual([
      '/api/contacts?limit=1',
      expect.objectContaining({
        headers: { Accept: 'application/json', 'If-None-Match': 'W/"v1"' },
      }),
    ]);

    forgetKnownPages();
    fetchMock.mockImplementation(async () => new Response('[]', { status: 200, headers }));
    await api.getPage('/api/contacts?limit=1');
    expect(fetchMock.mock.calls[2]).toEqual([
      '/api/contacts?limit=1',
      expect.objectContaining({ headers: { Accept: 'application/json' } }),
    ]);
  });

  it('treats a 304 it did not ask for as a failure', async () => {
    forgetKnownPages();
    respondWith('', { status: 304 });
    expect((await failure(api.get('/api/x'))).status).toBe(304);
  });

  it('says in words that no answer came when the connection fails, rather than the browser\'s "Failed to fetch"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failure(api.post('/api/contacts', { name: 'x' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(NETWORK_ERROR);
    expect(error.status).toBe(0);
  });
});
