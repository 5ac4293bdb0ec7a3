import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationFor } from '../helpers/factories.ts';
import { buildTestApp } from '../helpers/test-app.ts';

let app: FastifyInstance;
const webDir = mkdtempSync(join(tmpdir(), 'grantwell-web-'));
beforeAll(async () => {
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Grantwell</title>');
  writeFileSync(join(webDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  app = await buildTestApp({ webDir, appUrl: new URL('https://crm.example.org') });
});
afterAll(async () => {
  await app.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers deep links with the app so the browser router can take over', async () => {
    for (const url of ['/', '/contacts/12', '/grants?tab=pipeline', '/no-such-page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<title>Grantwell</title>');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('keeps answering unknown API and asset paths and non-GET requests with JSON 404', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/contacts/12/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
    const asset = await app.inject({ method: 'GET', url: '/assets/main-old999.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({ message: 'Not found' });
    const post = await app.inject({ method: 'POST', url: '/contacts', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: 'Not found' });
  });
});

describe('over https', () => {
  it('marks the session cookie Secure and __Host- prefixed when APP_URL is https', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registrationFor(),
      headers: { origin: 'https://crm.example.org' },
    });
    expect(response.statusCode).toBe(201);
    const cookie = response.cookies.find((c) => c.name === '__Host-grantwell_session');
    expect(cookie?.secure).toBe(true);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.path).toBe('/');
    expect(cookie?.domain).toBeUndefined();
    const me = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `__Host-grantwell_session=${cookie?.value}` },
    });
    expect(me.statusCode).toBe(200);
  });
});
