// `npm run crash-test -- 20`: starts the server on a data directory, writes without pause, kills
// it with SIGKILL at a random moment, starts it again, and checks that every write it acknowledged
// is still there. Every other cycle the embedded PostgreSQL is killed with SIGKILL too, as a
// power cut would stop both, so the next start recovers from the write-ahead log; in the other
// cycles the next start takes over the PostgreSQL the killed server left running. Prints
// acknowledged writes, lost writes and failed restarts; non-zero if any write was lost or a
// restart failed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterPid } from '../src/server/db/embedded-cluster.ts';
import { buildServerBundle } from './lib/server-bundle.mjs';
import {
  freePort,
  killServer,
  type ServerProcess,
  spawnServer,
  waitUntilServing,
} from './lib/server-process.ts';

const cycles = Number(process.argv[2] ?? 20);
await buildServerBundle();
const dataDir = mkdtempSync(join(tmpdir(), 'grantwell-crash-'));
const json = { 'content-type': 'application/json' };

async function start(): Promise<ServerProcess | null> {
  const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
  try {
    await waitUntilServing(server, 60_000);
    return server;
  } catch {
    await killServer(server);
    console.error(server.output().slice(-2000));
    return null;
  }
}

async function signIn(server: ServerProcess, credentials: { username: string; password: string }) {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(credentials),
  });
  return response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

/** Every contact name the server has, page by page. */
async function storedNames(server: ServerProcess, cookie: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (let offset = 0; ; offset += 500) {
    const response = await fetch(
      `${server.url}/api/contacts?sort=createdAt&limit=500&offset=${offset}`,
      {
        headers: { cookie },
      },
    );
    const page = (await response.json()) as { name: string }[];
    for (const contact of page) names.add(contact.name);
    if (page.length < 500) return names;
  }
}

const acknowledged: string[] = [];
let failedRestarts = 0;
let lost = 0;
const credentials = { username: `crash_${Date.now().toString(36)}`, password: 'Crash-test-1' };

let server = await start();
if (!server) throw new Error('the server did not start at all');
const registered = await fetch(`${server.url}/api/register`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({
    ...credentials,
    name: 'Crash Test',
    email: 'crash@example.org',
    organization: 'Crash Test',
  }),
});
if (registered.status !== 201) throw new Error(`registration failed: ${registered.status}`);

for (let cycle = 1; cycle <= cycles; cycle++) {
  const cookie = await signIn(server, credentials);
  const deadline = Date.now() + 200 + Math.random() * 1500;
  let killed = false;
  const killer = new Promise<void>((resolve) => {
    setTimeout(() => {
      killed = true;
      const postgres = clusterPid(dataDir);
      server?.child.kill('SIGKILL');
      if (cycle % 2 === 0 && postgres !== undefined) process.kill(postgres, 'SIGKILL');
      resolve();
    }, deadline - Date.now());
  });
  // Writers keep going until the process dies under them.
  const writers = Array.from({ length: 4 }, async (_, w) => {
    for (let i = 0; !killed; i++) {
      const name = `c${cycle}-w${w}-${i}`;
      try {
        const response = await fetch(`${server?.url}/api/contacts`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify({ name, email: `${name}@example.org` }),
        });
        if (response.status === 201) acknowledged.push(name);
      } catch {
        // The connection died with the process: this write was never acknowledged.
      }
    }
  });
  await killer;
  await Promise.all(writers);
  await server.exited;

  const next = await start();
  if (!next) {
    failedRestarts += 1;
    break;
  }
  server = next;
  const stored = await storedNames(server, await signIn(server, credentials));
  // Writes cut off after committing but before answering may be stored too; only an
  // acknowledged write that is missing counts as lost.
  const missing = acknowledged.filter((name) => !stored.has(name)).length;
  lost += missing;
  console.log(
    `cycle ${cycle}: ${acknowledged.length} acknowledged, ${stored.size} stored${missing > 0 ? `, ${missing} LOST` : ''}`,
  );
}

server?.child.kill('SIGTERM');
await server?.exited;
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `\ncrash test: ${cycles} kill -9 cycles, ${acknowledged.length} acknowledged writes, ` +
    `${lost} lost writes, ${failedRestarts} failed restarts`,
);
process.exit(lost === 0 && failedRestarts === 0 ? 0 : 1);
