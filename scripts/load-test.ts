// `npm run load-test -- 60`: a mixed workload (list, get, create, update) from 50 connections
// against the embedded database for the given seconds. Prints requests, errors, non-2xx
// answers, p50/p99 latency and the server's peak memory; non-zero if any request failed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildServerBundle } from './lib/server-bundle.mjs';
import { freePort, spawnServer, waitUntilServing } from './lib/server-process.ts';

const seconds = Number(process.argv[2] ?? 60);
const CONNECTIONS = 50;
const dataDir = mkdtempSync(join(tmpdir(), 'grantwell-load-'));
await buildServerBundle();
const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
await waitUntilServing(server);
const json = { 'content-type': 'application/json' };

const registered = await fetch(`${server.url}/api/register`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({
    username: `load_${Date.now().toString(36)}`,
    password: 'Load-test-1',
    name: 'Load Test',
    email: 'load@example.org',
    organization: 'Load Test',
  }),
});
const cookie = registered.headers.getSetCookie()[0]?.split(';')[0] ?? '';
const ids: number[] = [];
for (let i = 0; i < 200; i++) {
  const response = await fetch(`${server.url}/api/contacts`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({
      name: `Seed ${i}`,
      email: `seed${i}@example.org`,
      organization: `Org ${i % 20}`,
    }),
  });
  ids.push(((await response.json()) as { id: number }).id);
}

/** Resident memory of the server process, from /proc (Linux). */
function rssMegabytes(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssMegabytes(server.child.pid));
}, 250);

const pick = () => ids[Math.floor(Math.random() * ids.length)];
let counter = 0;
const headers = { ...json, cookie };
const result = await autocannon({
  url: server.url,
  connections: CONNECTIONS,
  duration: seconds,
  requests: [
    { method: 'GET', path: '/api/contacts?limit=50', headers },
    {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: `/api/contacts/${pick()}` }),
      headers,
    },
    {
      method: 'POST',
      path: '/api/contacts',
      headers,
      setupRequest: (req) => {
        counter += 1;
        return {
          ...req,
          body: JSON.stringify({ name: `Load ${counter}`, email: `load${counter}@example.org` }),
        };
      },
    },
    {
      method: 'PATCH',
      headers,
      setupRequest: (req) => ({
        ...req,
        path: `/api/contacts/${pick()}`,
        body: JSON.stringify({ notes: `touched ${Date.now()}` }),
      }),
    },
  ],
});
clearInterval(sampler);
server.child.kill('SIGTERM');
await server.exited;
rmSync(dataDir, { recursive: true, force: true });

const failed = result.errors + result.timeouts + result.non2xx;
console.log(
  [
    `load test: ${CONNECTIONS} connections for ${seconds} s, list/get/create/update on the embedded database`,
    `requests: ${result.requests.total} (${Math.round(result.requests.average)} req/s)`,
    `errors: ${result.errors + result.timeouts}, non-2xx: ${result.non2xx}`,
    `latency p50: ${result.latency.p50} ms, p99: ${result.latency.p99} ms`,
    `server peak RSS: ${Math.round(peakRss)} MB`,
  ].join('\n'),
);
process.exit(failed === 0 ? 0 : 1);
