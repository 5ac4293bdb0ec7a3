import { describe, expect, it } from 'vitest';
import { SEND_JSON } from '../../src/server/plugins/route-bodies.ts';
import { registerCompany, registrationFor } from '../helpers/factories.ts';
import { clientFor, multipartFile } from '../helpers/requests.ts';
import { appForThisFile, buildTestApp, TEST_APP_URL } from '../helpers/test-app.ts';

const app = await appForThisFile();

describe('the Origin rule for state-changing requests', () => {
  const register = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/register', payload: registrationFor(), headers });

  it('refuses another site, the opaque origin and cross-site fetches with 403', async () => {
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refused) {
      const response = await register(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site request refused' });
    }
  });

  it('refuses a logout from another site, so the session survives', async () => {
    const { cookie } = await registerCompany(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("accepts the app's own origin, the request's own host, and no Origin at all", async () => {
    expect((await register({ origin: TEST_APP_URL })).statusCode).toBe(201);
    expect(
      (await register({ origin: 'http://127.0.0.1:4000', host: '127.0.0.1:4000' })).statusCode,
    ).toBe(201);
    expect((await register({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await register({})).statusCode).toBe(201);
  });
});

describe('errors', () => {
  it('answers unknown /api paths with a JSON 404, never the web app', async () => {
    for (const url of ['/api/nothing-here', '/api', '/api/contacts/12/whatever']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('leaves out keys that would reach a prototype, as unknown fields, and pollutes nothing', async () => {
    const { cookie } = await registerCompany(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { 'content-type': 'application/json', cookie },
      payload:
        '{"name":"Ada","email":"ada@example.org","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Ada' });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('answers an oversized body with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers a body of another media type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers a form upload to a JSON endpoint with 415, and creates nothing', async () => {
    const { cookie } = await registerCompany(app);
    const form = multipartFile('name,email\nAda,ada@x.org\n');
    for (const [method, url] of [
      ['POST', '/api/contacts'],
      ['POST', '/api/contacts/bulk-delete'],
      ['PATCH', '/api/organization'],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: { ...form.headers, cookie },
        payload: form.payload,
      });
      expect(response.statusCode, url).toBe(415);
      expect(response.json()).toEqual({ message: SEND_JSON });
    }
    expect((await clientFor(app, cookie).get('/api/contacts')).json()).toEqual([]);
  });
});

describe('the API description', () => {
  it('publishes OpenAPI generated from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/register', '/api/login', '/api/logout', '/api/user']),
    );
    expect(spec.paths['/api/register'].post.requestBody).toBeDefined();
  });

  it('describes every API route the server has, each with a summary', async () => {
    await app.ready();
    const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string }>>;
    }>();
    const undescribed = app.routeList
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .filter((route) => route.url !== '/api/openapi.json')
      .filter((route) => {
        const path = route.url.replace(/:(\w+)/g, '{$1}');
        const summary = spec.paths[path]?.[route.method.toLowerCase()]?.summary ?? '';
        return summary.trim() === '';
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(undescribed).toEqual([]);
    // The routes of the grant lifecycle and of data in and out are among them.
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/funders/{id}/merge',
        '/api/grants/{grantId}/requirements',
        '/api/calendar/{file}',
        '/api/user/calendar-feed',
        '/api/reports',
        '/api/notifications',
        '/api/grants/upload',
        '/api/tasks/bulk-assign',
        '/api/search',
        '/api/activity',
      ]),
    );
  });

  it('is browsable at /api/docs', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff, no referrer and no framing on API and app responses', async () => {
    for (const url of ['/api/user', '/api/openapi.json']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
      // Served over http here: no HSTS, and no forced upgrade to https.
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(csp).not.toContain('upgrade-insecure-requests');
    }
  });

  it('sends HSTS when the app is served over https', async () => {
    const secure = await buildTestApp({ appUrl: new URL('https://crm.example.org') });
    try {
      const response = await secure.inject({ method: 'GET', url: '/api/user' });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });

  it('answers a text/plain body to a JSON endpoint with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=ada',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});
