// `npm run bench`: measures Grantwell against baselines run on this machine in this run and
// prints a table (docs/PERFORMANCE.md records one). `npm run bench -- --short` runs the same
// steps on small data, so CI keeps the script working; it never fails on a figure.
//
// PostgreSQL server figures use BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
// postgres) to create and drop a throwaway database; without a server they are skipped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import {
  clusterPid,
  EMBEDDED_DATABASE,
  socketDirFor,
} from '../../src/server/db/embedded-cluster.ts';
import { everyRouteBytes } from '../bundle-size.ts';
import { buildServerBundle } from '../lib/server-bundle.mjs';
import { freePort, spawnServer, waitUntilServing } from '../lib/server-process.ts';
import { buildBareApp } from './bundle.ts';
import { measureSerializers } from './serialize.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { short: { type: 'boolean', default: false } } });
const short = values.short;
const CONTACTS = short ? 2_000 : 100_000;
const SMALL = 100;
/** The small company of the baseline comparison: where per-request costs show most. */
const MID = 2_000;
const IMPORT_ROWS = short ? 5_000 : 100_000;
const LOAD_SECONDS = short ? 3 : 6;
const LOAD_ROUNDS = short ? 1 : 5;
const LATENCY_SAMPLES = short ? 40 : 300;
const PAGE_RUNS = short ? 2 : 7;
const CONNECTIONS = 10;

interface Figure {
  figure: string;
  value: string;
  goal: string;
  met?: boolean | undefined;
}
const figures: Figure[] = [];
const notes: string[] = [];
const log = (message: string) => console.log(`· ${message}`);
const ratio = (a: number, b: number) => a / b;
const fmt = (n: number, digits = 2) => n.toFixed(digits);

// ---------------------------------------------------------------- helpers

function seed(env: Record<string, string>, contacts: number, interactions = 0) {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/seed.ts',
      '--contacts',
      String(contacts),
      '--interactions',
      String(interactions),
      '--grants',
      '0',
      '--opportunities',
      '0',
    ],
    { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  const login = /Sign in as (\S+) with password (\S+)/.exec(result.stdout);
  if (result.status !== 0 || !login) throw new Error(`seeding failed:\n${result.stderr}`);
  return { username: login[1] as string, password: login[2] as string };
}

async function startApp(env: Record<string, string>) {
  const server = spawnServer({ PORT: String(await freePort()), ...env }, { quiet: true });
  await waitUntilServing(server);
  return server;
}

async function stop(
  child: { kill: (signal: NodeJS.Signals) => boolean },
  exited: Promise<unknown>,
) {
  child.kill('SIGTERM');
  await exited;
}

async function login(url: string, credentials: { username: string; password: string }) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

async function requestsPerSecond(url: string, cookie: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: LOAD_SECONDS,
    headers: { cookie },
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  }
  return result.requests.average;
}

/** The pids of a process and of every process below it (from /proc). */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), pid]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i] as number) ?? []));
  return tree;
}

/** Kilobytes of a field of /proc/<pid>/smaps_rollup (Pss: shared pages split among sharers). */
function rollup(pid: number, field: 'Pss' | 'Rss') {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Peak memory of the server and its PostgreSQL while `work` runs, sampled every 100 ms: the sum
 * of proportional set sizes (PostgreSQL's shared buffers are mapped by every backend, so summing
 * their resident sizes would count them many times), and Node's resident size alone.
 */
async function peakMemoryDuring<T>(pids: () => number[], nodePid: number, work: () => Promise<T>) {
  let peakMb = 0;
  let nodeMb = 0;
  const sample = () => {
    const total = pids().reduce((sum, pid) => sum + rollup(pid, 'Pss'), 0);
    peakMb = Math.max(peakMb, total / 1024);
    nodeMb = Math.max(nodeMb, rollup(nodePid, 'Rss') / 1024);
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return { result, peakMb, nodeMb };
  } finally {
    clearInterval(timer);
  }
}

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};

/** p95 latency of sequential requests to each URL, interleaved so both see the same machine. */
async function p95s(urls: string[], cookie: string) {
  const samples = urls.map(() => [] as number[]);
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    for (const [index, url] of urls.entries()) {
      const started = performance.now();
      const response = await fetch(url, { headers: { cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      samples[index]?.push(performance.now() - started);
    }
  }
  return samples.map((s) => percentile(s, 95));
}

function importCsv(rows: number) {
  const lines = ['name,email,phone,organization,notes'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `Imported Person ${i},imported.${i}@example.org,555-${String(i % 10_000).padStart(4, '0')},` +
        `"Fund ${i % 250}, Inc.",Row ${i} of the import`,
    );
  }
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------- embedded (the default)

/** Milliseconds from spawning the server on an existing data directory to its first 200. */
async function warmStart(dataDir: string) {
  const started = performance.now();
  const server = spawnServer(
    { PORT: String(await freePort()), DATA_DIR: dataDir },
    { quiet: true },
  );
  for (;;) {
    try {
      if ((await fetch(`${server.url}/`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ms = performance.now() - started;
  await stop(server.child, server.exited);
  return ms;
}

/** A 4-letter piece of the name of a contact in the middle of the list: what a user types. */
async function nameFragment(url: string, cookie: string) {
  const response = await fetch(`${url}/api/contacts?limit=1&offset=${Math.floor(CONTACTS / 3)}`, {
    headers: { cookie },
  });
  const [contact] = (await response.json()) as { name: string }[];
  const last = contact?.name.split(' ').at(-1) ?? 'Anna';
  return last.slice(1, 5).toLowerCase();
}

/**
 * p95 of searches that are each asked for the first time (a 4-letter piece of a different
 * contact's name each), so nothing kept from an earlier answer serves them: the contacts list's
 * search, or another asked at `path`.
 */
async function firstTimeSearches(
  url: string,
  cookie: string,
  asked: string,
  path = (piece: string) => `/api/contacts?limit=50&q=${piece}`,
) {
  const pieces = new Set<string>();
  for (let page = 0; page < 20 && pieces.size < LATENCY_SAMPLES / 5; page++) {
    const offset = Math.floor((CONTACTS / 20) * page);
    const response = await fetch(`${url}/api/contacts?limit=100&offset=${offset}`, {
      headers: { cookie },
    });
    for (const { name } of (await response.json()) as { name: string }[]) {
      const letters = name.toLowerCase().replace(/[^a-z]/g, '');
      for (let i = 0; i + 4 <= letters.length; i += 3) pieces.add(letters.slice(i, i + 4));
    }
  }
  pieces.delete(asked);
  const samples: number[] = [];
  for (const piece of [...pieces].slice(0, LATENCY_SAMPLES / 5)) {
    const started = performance.now();
    const response = await fetch(`${url}${path(piece)}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`search ${piece}: ${response.status}`);
    samples.push(performance.now() - started);
  }
  return { p95: percentile(samples, 95), count: samples.length };
}

async function embeddedFigures(
  alongside: (embeddedList: { url: string; cookie: string }) => Promise<ServerFigures | null>,
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'grantwell-bench-'));
  try {
    log(
      `embedded: seeding ${CONTACTS.toLocaleString('en-US')} contacts and interactions, and a company of ${SMALL}`,
    );
    const big = seed({ DATA_DIR: dataDir }, CONTACTS, CONTACTS);
    const small = seed({ DATA_DIR: dataDir }, SMALL);
    await warmStart(dataDir); // the first start after seeding settles the cluster
    const startMs = await warmStart(dataDir);
    const server = await startApp({ DATA_DIR: dataDir });
    try {
      // As for the server: the freshly seeded tables analysed and their visibility maps set.
      const socket = encodeURIComponent(socketDirFor(resolve(dataDir)));
      const maintenance = new pg.Client({
        connectionString: `postgresql://postgres@localhost/${EMBEDDED_DATABASE}?host=${socket}`,
      });
      await maintenance.connect();
      await maintenance.query('vacuum analyze');
      await maintenance.end();
      const cookie = await login(server.url, big);
      const list = `${server.url}/api/contacts?limit=50`;
      await requestsPerSecond(list, cookie); // warm-up
      const nodePid = server.child.pid as number;
      const postgres = clusterPid(dataDir);
      const pids = () => [nodePid, ...(postgres ? processTree(postgres) : [])];
      const {
        result: rps,
        peakMb,
        nodeMb,
      } = await peakMemoryDuring(pids, nodePid, () => requestsPerSecond(list, cookie));
      log(`embedded: ${fmt(rps, 0)} req/s, peak ${fmt(peakMb, 0)} MB (Node ${fmt(nodeMb, 0)} MB)`);
      const fragment = await nameFragment(server.url, cookie);
      const [first, middle, last, contactsSearch, interactionsSearch, everything] = await p95s(
        [
          `${server.url}/api/contacts?limit=50`,
          `${server.url}/api/contacts?limit=50&offset=${CONTACTS / 2}`,
          `${server.url}/api/contacts?limit=50&offset=${CONTACTS - 50}`,
          `${server.url}/api/contacts?limit=50&q=${fragment}`,
          `${server.url}/api/interactions?limit=50&q=${fragment}`,
          `${server.url}/api/search?q=${fragment}`,
        ],
        cookie,
      );
      const coldSearch = await firstTimeSearches(server.url, cookie, fragment);
      const coldEverything = await firstTimeSearches(
        server.url,
        cookie,
        fragment,
        (piece) => `/api/search?q=${piece}`,
      );
      log(
        `embedded: first-time searches p95 ${fmt(coldSearch.p95)} ms (${coldSearch.count} pieces), ` +
          `search everything ${fmt(everything as number)} ms ("${fragment}"), ` +
          `${fmt(coldEverything.p95)} ms (first time)`,
      );
      log(
        `embedded: p95 first ${fmt(first as number)} ms, middle ${fmt(middle as number)} ms, ` +
          `last ${fmt(last as number)} ms, search "${fragment}" ${fmt(contactsSearch as number)} / ${fmt(interactionsSearch as number)} ms`,
      );
      const exported = await peakMemoryDuring(pids, nodePid, () =>
        exportTime(`${server.url}/api/contacts/export`, cookie),
      );
      log(
        `embedded: export of ${fmt(exported.result.rows, 0)} contacts in ${fmt(exported.result.ms, 0)} ms, ` +
          `Node peak ${fmt(exported.nodeMb, 0)} MB`,
      );
      const pages = await timeToFirstRow(server.url, [
        await login(server.url, big),
        await login(server.url, small),
      ]);
      // The server's figures are taken while this server still runs, so the embedded list takes
      // its turn in the same alternating rounds as the server's.
      const serverSide = await alongside({ url: list, cookie });
      return {
        serverSide,
        rps,
        peakMb,
        nodeMb,
        startMs,
        fragment,
        first: first as number,
        middle: middle as number,
        last: last as number,
        contactsSearch: contactsSearch as number,
        coldSearch,
        everything: everything as number,
        coldEverything,
        interactionsSearch: interactionsSearch as number,
        pages,
        exportMs: exported.result.ms,
        exportRows: exported.result.rows,
        exportNodeMb: exported.nodeMb,
      };
    } finally {
      await stop(server.child, server.exited);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Milliseconds to download a whole CSV export, read as a client reads it, and its rows. */
async function exportTime(url: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  let lines = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    for (const byte of read.value) if (byte === 10) lines += 1;
  }
  return { ms: performance.now() - started, rows: lines - 1 };
}

/** Median ms from navigation to the first contact row on screen, for each signed-in user. */
async function timeToFirstRow(url: string, cookies: string[]) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const medians: number[] = [];
    for (const cookie of cookies) {
      const [name, value] = cookie.split('=') as [string, string];
      const context = await browser.newContext();
      await context.addCookies([{ name, value, url }]);
      const page = await context.newPage();
      const times: number[] = [];
      for (let run = 0; run <= PAGE_RUNS; run++) {
        await page.goto(`${url}/contacts`);
        await page.locator('table tbody tr').first().waitFor();
        const ms = await page.evaluate(() => performance.now());
        if (run > 0) times.push(ms); // the first visit warms the server and the cache
      }
      medians.push(percentile(times, 50));
      await context.close();
    }
    return medians;
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------- PostgreSQL server

type ServerFigures = NonNullable<Awaited<ReturnType<typeof serverFigures>>>;

/** The median of each round's ratio: a pair measured back to back sees the same machine. */
const medianRatio = (a: number[], b: number[]) =>
  percentile(
    a.map((value, i) => value / (b[i] as number)),
    50,
  );

async function serverFigures(embeddedList: { url: string; cookie: string }) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    notes.push(`No PostgreSQL server at ${new URL(adminUrl).host}: server figures skipped.`);
    return null;
  }
  const name = `grantwell_bench_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  try {
    log(`server: seeding ${CONTACTS.toLocaleString('en-US')} contacts`);
    const credentials = seed({ DATABASE_URL: databaseUrl }, CONTACTS);
    const smallCredentials = seed({ DATABASE_URL: databaseUrl }, MID);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query('vacuum analyze');
    const server = await startApp({ DATABASE_URL: databaseUrl });
    const basePort = await freePort();
    const baseline = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench/baseline-server.ts'],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(basePort) },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const baselineExited = new Promise((resolve) => baseline.on('exit', resolve));
    await new Promise((resolve) => baseline.stdout?.once('data', resolve));
    try {
      const cookie = await login(server.url, credentials);
      const smallCookie = await login(server.url, smallCredentials);
      const appList = `${server.url}/api/contacts?limit=50`;
      const bareList = `http://127.0.0.1:${basePort}/api/contacts?limit=50`;
      /**
       * Alternating rounds (the app on the server, the bare route, and for the big company the
       * app on its embedded database), each side's median and each pair's median ratio.
       */
      const sideBySide = async (who: string, embedded?: { url: string; cookie: string }) => {
        const sides = [
          { url: appList, cookie: who, rounds: [] as number[] },
          { url: bareList, cookie: who, rounds: [] as number[] },
          ...(embedded ? [{ ...embedded, rounds: [] as number[] }] : []),
        ];
        for (const side of sides) await requestsPerSecond(side.url, side.cookie); // warm-up
        for (let round = 0; round < LOAD_ROUNDS; round++) {
          for (const side of sides)
            side.rounds.push(await requestsPerSecond(side.url, side.cookie));
        }
        const [app, bare, onEmbedded] = sides.map((side) => side.rounds);
        return {
          app: percentile(app as number[], 50),
          bare: percentile(bare as number[], 50),
          appToBare: medianRatio(app as number[], bare as number[]),
          embedded: onEmbedded ? percentile(onEmbedded, 50) : 0,
          embeddedToServer: onEmbedded ? medianRatio(onEmbedded, app as number[]) : 0,
        };
      };
      const big = await sideBySide(cookie, embeddedList);
      const mid = await sideBySide(smallCookie);
      log(
        `server: app ${fmt(big.app, 0)} req/s, bare route ${fmt(big.bare, 0)} req/s, embedded ${fmt(big.embedded, 0)} req/s`,
      );
      log(`server, ${MID} contacts: app ${fmt(mid.app, 0)} req/s, bare ${fmt(mid.bare, 0)} req/s`);

      const csv = importCsv(IMPORT_ROWS);
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
      let started = performance.now();
      const upload = await fetch(`${server.url}/api/contacts/upload`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      const answer = (await upload.json()) as { imported?: number };
      const importSeconds = (performance.now() - started) / 1000;
      if (answer.imported !== IMPORT_ROWS) throw new Error(`import: ${JSON.stringify(answer)}`);
      const { rows } = await db.query('select company_id from users where username = $1', [
        credentials.username,
      ]);
      started = performance.now();
      await new Promise<void>((resolve, reject) => {
        const stream = db.query(
          copyFrom(
            'copy contacts (name, email, phone, organization, notes, company_id) from stdin with (format csv, header true)',
          ),
        );
        stream.on('finish', () => resolve());
        stream.on('error', reject);
        const companyId = String(rows[0].company_id);
        const withCompany = csv
          .trimEnd()
          .split('\n')
          .map((line, i) => (i === 0 ? `${line},company_id` : `${line},${companyId}`))
          .join('\n');
        stream.end(`${withCompany}\n`);
      });
      const copySeconds = (performance.now() - started) / 1000;
      log(
        `server: import ${fmt(IMPORT_ROWS / importSeconds, 0)} rows/s, COPY ${fmt(IMPORT_ROWS / copySeconds, 0)} rows/s`,
      );
      await db.end();
      return {
        big,
        mid,
        importRate: IMPORT_ROWS / importSeconds,
        copyRate: IMPORT_ROWS / copySeconds,
      };
    } finally {
      await stop(server.child, server.exited);
      await stop(baseline, baselineExited);
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// ---------------------------------------------------------------- run

if (!existsSync(join(root, 'dist/web/.vite/manifest.json'))) {
  log('building the web app');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

log('bundle: building a bare React + router + query + Mantine app the same way');
const bare = await buildBareApp();
await buildServerBundle();

const serializers = measureSerializers(short ? 2_000 : 20_000);
figures.push({
  figure: 'writing a 50-contact page: Zod encode + JSON.stringify ÷ fast-json-stringify (chosen)',
  value: `${fmt(ratio(serializers.zodMicros, serializers.fastJsonMicros))} (${fmt(serializers.zodMicros, 1)} µs ÷ ${fmt(serializers.fastJsonMicros, 1)} µs; JSON.stringify ${fmt(serializers.stringifyMicros, 1)} µs)`,
  goal: 'measure and choose',
});

const embedded = await embeddedFigures(serverFigures);
const server = embedded.serverSide;

const routes = everyRouteBytes(join(root, 'dist/web'));
const [heaviest, heaviestBytes] = Object.entries(routes).sort(([, a], [, b]) => b - a)[0] ?? [
  '',
  0,
];
figures.unshift({
  figure: "largest route's gzipped JS ÷ bare React + router + query + Mantine app (every route)",
  value: `${fmt(ratio(heaviestBytes, bare))} (${heaviest}: ${fmt(heaviestBytes / 1000, 1)} kB ÷ ${fmt(bare / 1000, 1)} kB)`,
  goal: '≤ 1.5',
  met: ratio(heaviestBytes, bare) <= 1.5,
});

if (server) {
  figures.unshift(
    {
      figure: `embedded list req/s ÷ PostgreSQL server list req/s (${CONTACTS.toLocaleString('en-US')} contacts)`,
      value: `${fmt(server.big.embeddedToServer)} (${fmt(server.big.embedded, 0)} ÷ ${fmt(server.big.app, 0)})`,
      goal: '≥ 0.9',
      met: server.big.embeddedToServer >= 0.9,
    },
    {
      figure: `list req/s ÷ bare Fastify + raw pg, same SQL and prepared statements, ${CONTACTS.toLocaleString('en-US')} contacts`,
      value: `${fmt(server.big.appToBare)} (${fmt(server.big.app, 0)} ÷ ${fmt(server.big.bare, 0)})`,
      goal: '≥ 0.85',
      met: server.big.appToBare >= 0.85,
    },
    {
      figure: `list req/s ÷ bare Fastify + raw pg, same SQL and prepared statements, ${MID.toLocaleString('en-US')} contacts`,
      value: `${fmt(server.mid.appToBare)} (${fmt(server.mid.app, 0)} ÷ ${fmt(server.mid.bare, 0)})`,
      goal: '≥ 0.85',
      met: server.mid.appToBare >= 0.85,
    },
    {
      figure: `${IMPORT_ROWS.toLocaleString('en-US')}-row CSV import rows/s ÷ raw COPY of the same rows`,
      value: `${fmt(ratio(server.importRate, server.copyRate))} (${fmt(server.importRate, 0)} ÷ ${fmt(server.copyRate, 0)})`,
      goal: '≥ 0.40',
      met: ratio(server.importRate, server.copyRate) >= 0.4,
    },
  );
}
const [bigPage, smallPage] = embedded.pages as [number, number];
figures.push(
  {
    figure: `p95 of the page at offset ${(CONTACTS / 2).toLocaleString('en-US')} ÷ p95 of the first page (embedded)`,
    value: `${fmt(ratio(embedded.middle, embedded.first))} (${fmt(embedded.middle)} ms ÷ ${fmt(embedded.first)} ms)`,
    goal: '≤ 1.5',
    met: ratio(embedded.middle, embedded.first) <= 1.5,
  },
  {
    figure: 'p95 of the last page ÷ p95 of the first page (embedded)',
    value: `${fmt(ratio(embedded.last, embedded.first))} (${fmt(embedded.last)} ms)`,
    goal: '≤ 1.5',
    met: ratio(embedded.last, embedded.first) <= 1.5,
  },
  {
    figure: `contacts search p95 ("${embedded.fragment}", a name fragment) ÷ first page p95 (embedded)`,
    value: `${fmt(ratio(embedded.contactsSearch, embedded.first))} (${fmt(embedded.contactsSearch)} ms)`,
    goal: '≤ 2',
    met: ratio(embedded.contactsSearch, embedded.first) <= 2,
  },
  {
    figure: `contacts search asked for the first time (${embedded.coldSearch.count} different name pieces, nothing kept): p95 ÷ first page p95 (embedded)`,
    value: `${fmt(ratio(embedded.coldSearch.p95, embedded.first))} (${fmt(embedded.coldSearch.p95)} ms)`,
    goal: 'report',
  },
  {
    figure: `interactions search p95 ("${embedded.fragment}", ${CONTACTS.toLocaleString('en-US')} interactions) ÷ contacts search p95`,
    value: `${fmt(ratio(embedded.interactionsSearch, embedded.contactsSearch))} (${fmt(embedded.interactionsSearch)} ms)`,
    goal: '≤ 2',
    met: ratio(embedded.interactionsSearch, embedded.contactsSearch) <= 2,
  },
  {
    figure: `search everything (Ctrl+K) p95, ${CONTACTS.toLocaleString('en-US')} contacts and ${CONTACTS.toLocaleString('en-US')} interactions (embedded): "${embedded.fragment}"; each of ${embedded.coldEverything.count} name pieces asked once`,
    value: `${fmt(embedded.everything)} ms; ${fmt(embedded.coldEverything.p95)} ms`,
    goal: '< 100 ms',
    met: Math.max(embedded.everything, embedded.coldEverything.p95) < 100,
  },
  {
    figure: `contacts page, time to first row: ${CONTACTS.toLocaleString('en-US')} ÷ ${SMALL} contacts (Chromium)`,
    value: `${fmt(ratio(bigPage, smallPage))} (${fmt(bigPage, 0)} ms ÷ ${fmt(smallPage, 0)} ms)`,
    goal: '≤ 1.3',
    met: ratio(bigPage, smallPage) <= 1.3,
  },
  {
    figure: 'peak memory during the list run, Node + PostgreSQL (sum of PSS), embedded',
    value: `${fmt(embedded.peakMb, 0)} MB (Node alone ${fmt(embedded.nodeMb, 0)} MB RSS)`,
    goal: '≤ 400 MB',
    met: embedded.peakMb <= 400,
  },
  {
    figure: `CSV export of every contact (${embedded.exportRows.toLocaleString('en-US')}), written to a file and read from it, embedded: time, and Node's peak memory meanwhile`,
    value: `${fmt(embedded.exportMs, 0)} ms (Node ${fmt(embedded.exportNodeMb, 0)} MB RSS)`,
    goal: '< 3000 ms',
    met: embedded.exportMs < 3000,
  },
  {
    figure: 'warm start to the first 200, embedded (data directory already there)',
    value: `${fmt(embedded.startMs, 0)} ms`,
    goal: 'report',
  },
);

console.log(
  `\nGrantwell benchmark${short ? ' (short run: small data, figures not comparable)' : ''}: ` +
    `${CONTACTS.toLocaleString('en-US')} contacts, ${CONNECTIONS} connections, ${LOAD_SECONDS} s per load run\n`,
);
console.log('| figure | measured | goal | met |');
console.log('|---|---|---|---|');
for (const f of figures) {
  console.log(
    `| ${f.figure} | ${f.value} | ${f.goal} | ${f.met === undefined ? '' : f.met ? 'yes' : 'no'} |`,
  );
}
for (const note of notes) console.log(`\n${note}`);
