// The JavaScript a browser downloads for the first route it opens, gzipped, read from the build's
// manifest: the entry chunk, the chunks it imports, and the route's own lazy chunk with its
// imports. `node --import tsx scripts/bundle-size.ts --check` fails when a route is over its budget (the
// build runs it); without `--check` it prints the sizes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LANDING = 'features/landing/landing-page.tsx';

/** Gzipped bytes allowed for each first route, and the lazy chunks that route loads. */
export const BUDGETS: Record<string, { chunks: string[]; maxGzipBytes: number }> = {
  landing: { chunks: [LANDING], maxGzipBytes: 145_000 },
  dashboard: { chunks: ['features/dashboard/dashboard-page.tsx'], maxGzipBytes: 150_000 },
  contacts: { chunks: ['features/contacts/contacts-page.tsx'], maxGzipBytes: 235_000 },
};

/** Chunks that must stay out of the first download: they belong to pages opened later. */
const LATER = [
  'features/grants/',
  'features/opportunities/',
  'features/organization/',
  // The shared chunk that holds the charts.
  'stage-funnel',
];

type Manifest = Record<string, { file?: string; imports?: string[] }>;

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

export function measureRoutes(outDir: string) {
  const manifest = readManifest(outDir);
  return Object.entries(BUDGETS).map(([route, { chunks, maxGzipBytes }]) => {
    const keys = firstRouteChunks(manifest, chunks);
    const early =
      route === 'landing' ? [...keys].filter((key) => LATER.some((l) => key.includes(l))) : [];
    return { route, gzipBytes: gzippedJsBytes(outDir, manifest, keys), maxGzipBytes, early };
  });
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

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const outDir = process.env.WEB_DIR ?? 'dist/web';
  const check = process.argv.includes('--check');
  let failed = false;
  for (const { route, gzipBytes, maxGzipBytes, early } of measureRoutes(outDir)) {
    const over = gzipBytes > maxGzipBytes;
    failed ||= over || early.length > 0;
    console.log(
      `first route ${route}: ${(gzipBytes / 1000).toFixed(1)} kB of JS gzipped ` +
        `(budget ${(maxGzipBytes / 1000).toFixed(0)} kB)${over ? ' OVER BUDGET' : ''}`,
    );
    if (early.length > 0) console.log(`  loaded too early: ${early.join(', ')}`);
  }
  if (check && failed) {
    console.error('The first download is over its size budget: split the code that grew it.');
    process.exit(1);
  }
}
