import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationFor } from '../helpers/factories.ts';
import { buildTestApp } from '../helpers/test-app.ts';

let app: FastifyInstance;
const BIG_SCRIPT = `console.log(${JSON.stringify('a line '.repeat(500))});`;
/** What index.html's brotli copy holds: told apart from the file, to see which was sent. */
const BIG_PAGE = `<!doctype html><title>Grantwell, compressed</title>${'<p>x</p>'.repeat(200)}`;
const webDir = mkdtempSync(join(tmpdir(), 'grantwell-web-'));
beforeAll(async () => {
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Grantwell</title>');
  writeFileSync(join(webDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  // A file with its compressed copies, as the build leaves them (scripts/lib/precompressed.ts).
  writeFileSync(join(webDir, 'assets', 'big-def456.js'), BIG_SCRIPT);
  writeFileSync(join(webDir, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(join(webDir, 'assets', 'big-def456.js.gz'), gzipSync(BIG_SCRIPT));
  writeFileSync(join(webDir, 'index.html.br'), brotliCompressSync(BIG_PAGE));
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

  it("sends a file's compressed copy to a browser that takes it, the file itself otherwise", async () => {
    const url = '/assets/big-def456.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    // The app's page for a deep link too.
    const page = await app.inject({
      method: 'GET',
      url: '/contacts/12',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(BIG_PAGE);
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
