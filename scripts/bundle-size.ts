// The JavaScript a browser downloads before it can show a route, gzipped, read from the build's
// manifest: the entry chunk, the chunks it imports, and the route's own lazy chunk with its
// imports. Code a page loads later (a dialog when it opens, a menu when it is pressed) is not
// counted. `node --import tsx scripts/bundle-size.ts --check` fails when a route is over its
// budget or a page has none (the build runs it); without `--check` it prints the sizes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LANDING = 'features/landing/landing-page.tsx';

/**
 * The first route of the bare React + React Router + TanStack Query + Mantine app
 * (scripts/bench/bundle.ts `buildBareApp()`), gzipped, when the budgets below were set. No route
 * should weigh more than 1.5 times as much.
 */
export const BARE_APP_BYTES = 105_470;
const ROUTE_CEILING_BYTES = Math.floor(BARE_APP_BYTES * 1.5);

/**
 * Every route of the router (src/web/app/router.tsx): its page's lazy chunk, and the gzipped
 * bytes allowed for the entry and that chunk together. No budget may pass ROUTE_CEILING_BYTES
 * (1.5× the bare app): what a page does not show at first (dialogs, menus, form validation)
 * loads when it is first wanted.
 */
export const ROUTES: Record<string, { chunk: string; maxGzipBytes: number }> = {
  landing: { chunk: LANDING, maxGzipBytes: 134_800 },
  'sign-in': { chunk: 'features/auth/components/auth-page.tsx', maxGzipBytes: 152_300 },
  'accept-invitation': {
    chunk: 'features/invitations/accept-invitation-page.tsx',
    maxGzipBytes: 146_500,
  },
  'reset-password': { chunk: 'features/auth/reset-password-page.tsx', maxGzipBytes: 146_700 },
  dashboard: { chunk: 'features/dashboard/dashboard-page.tsx', maxGzipBytes: 139_900 },
  contacts: { chunk: 'features/contacts/contacts-page.tsx', maxGzipBytes: 156_600 },
  'contact-detail': { chunk: 'app/routes/contact-detail-page.tsx', maxGzipBytes: 150_000 },
  interactions: { chunk: 'features/interactions/interactions-page.tsx', maxGzipBytes: 153_600 },
  'interaction-detail': {
    chunk: 'app/routes/interaction-detail-page.tsx',
    maxGzipBytes: 148_200,
  },
  grants: { chunk: 'features/grants/grants-page.tsx', maxGzipBytes: 158_200 },
  'grant-detail': { chunk: 'app/routes/grant-detail-page.tsx', maxGzipBytes: 155_400 },
  opportunities: { chunk: 'features/opportunities/opportunities-page.tsx', maxGzipBytes: 154_100 },
  'opportunity-detail': {
    chunk: 'app/routes/opportunity-detail-page.tsx',
    maxGzipBytes: 145_700,
  },
  funders: { chunk: 'features/funders/funders-page.tsx', maxGzipBytes: 146_800 },
  reports: { chunk: 'features/reports/reports-page.tsx', maxGzipBytes: 142_000 },
  'funder-detail': { chunk: 'app/routes/funder-detail-page.tsx', maxGzipBytes: 142_800 },
  tasks: { chunk: 'features/grants/tasks-board-page.tsx', maxGzipBytes: 158_000 },
  organization: { chunk: 'features/company/company-page.tsx', maxGzipBytes: 153_200 },
  profile: { chunk: 'features/profile/profile-page.tsx', maxGzipBytes: 153_900 },
};

type Manifest = Record<string, { file?: string; imports?: string[]; dynamicImports?: string[] }>;

function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
}

/** Every chunk key a chunk loads before it runs (its static imports, transitively). */
function closure(manifest: Manifest, key: string, into = new Set<string>()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, into);
  return into;
}

/** Keys of the chunks a route needs on a first visit: the entry's and its own lazy chunks'. */
export function firstRouteChunks(manifest: Manifest, chunks: string[]) {
  const keys = closure(manifest, 'index.html');
  for (const chunk of chunks) closure(manifest, chunk, keys);
  return keys;
}

/** Gzipped bytes of the JavaScript in those chunks. */
export function gzippedJsBytes(outDir: string, manifest: Manifest, keys: Iterable<string>) {
  let total = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (!file?.endsWith('.js')) continue;
    total += gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  }
  return total;
}

/**
 * The pages the app loads lazily (the `*-page.tsx` chunks the entry imports dynamically) that
 * have no budget in ROUTES: a new route must be given one.
 */
export function unbudgetedPages(manifest: Manifest) {
  const budgeted = new Set(Object.values(ROUTES).map((route) => route.chunk));
  return (manifest['index.html']?.dynamicImports ?? []).filter(
    (key) => key.endsWith('-page.tsx') && !budgeted.has(key),
  );
}

/** Each route's size, and the other pages' chunks it loads (there should be none). */
export function measureRoutes(outDir: string) {
  const manifest = readManifest(outDir);
  const pages = Object.values(ROUTES).map((route) => route.chunk);
  return Object.entries(ROUTES).map(([route, { chunk, maxGzipBytes }]) => {
    const keys = firstRouteChunks(manifest, [chunk]);
    const gzipBytes = gzippedJsBytes(outDir, manifest, keys);
    const early = pages.filter((page) => page !== chunk && keys.has(page));
    return { route, gzipBytes, maxGzipBytes, early };
  });
}

/**
 * Gzipped JS of every route in the build at `outDir`, by route name: the entry with what it
 * imports, and the route's page chunk with what that imports.
 */
export function everyRouteBytes(outDir: string): Record<string, number> {
  return Object.fromEntries(
    measureRoutes(outDir).map(({ route, gzipBytes }) => [route, gzipBytes]),
  );
}

/**
 * Gzipped JS of the first route a visitor opens in the build at `outDir`: the entry, what it
 * imports, and the lazy chunks given (for Grantwell, the landing page's).
 */
export const firstRouteBytes = (outDir: string, chunks: string[] = []) => {
  const manifest = readManifest(outDir);
  return gzippedJsBytes(outDir, manifest, firstRouteChunks(manifest, chunks));
};

export const LANDING_CHUNKS = [LANDING];

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const outDir = process.env.WEB_DIR ?? 'dist/web';
  const check = process.argv.includes('--check');
  let failed = false;
  for (const { route, gzipBytes, maxGzipBytes, early } of measureRoutes(outDir)) {
    const over = gzipBytes > Math.min(maxGzipBytes, ROUTE_CEILING_BYTES);
    failed ||= over || early.length > 0;
    const ratio = `${(gzipBytes / BARE_APP_BYTES).toFixed(2)}×`;
    const goal = gzipBytes > ROUTE_CEILING_BYTES ? ', above the 1.5× goal' : '';
    console.log(
      `${route.padEnd(19)} ${kB(gzipBytes).padStart(9)} of JS gzipped, ${ratio} the bare app` +
        `${goal} (budget ${kB(maxGzipBytes)})${over ? ' OVER BUDGET' : ''}`,
    );
    if (early.length > 0) console.log(`  loads other pages too: ${early.join(', ')}`);
  }
  const missing = unbudgetedPages(readManifest(outDir));
  if (missing.length > 0) {
    failed = true;
    console.log(`pages with no budget in scripts/bundle-size.ts: ${missing.join(', ')}`);
  }
  if (check && failed) {
    console.error('A route is over its size budget: split the code that grew it.');
    process.exit(1);
  }
}
