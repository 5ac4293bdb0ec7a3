import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BARE_APP_BYTES,
  everyRouteBytes,
  firstRouteBytes,
  measureRoutes,
  ROUTES,
  unbudgetedPages,
} from '../../scripts/bundle-size.ts';

// A build as Vite leaves it: the entry imports a shared chunk; the landing page (lazy) imports
// another; the contacts page imports the grants page's chunk by mistake; a dialog is lazy too.
const LANDING = 'features/landing/landing-page.tsx';
const CONTACTS = 'features/contacts/contacts-page.tsx';
const GRANTS = 'features/grants/grants-page.tsx';
const outDir = mkdtempSync(join(tmpdir(), 'grantwell-bundle-'));
const files = {
  'assets/index.js': 'console.log("entry");'.repeat(50),
  'assets/react.js': 'export const react = 1;'.repeat(80),
  'assets/landing.js': 'export const landing = 2;'.repeat(30),
  'assets/hero.js': 'export const hero = 3;'.repeat(20),
  'assets/grants.js': 'export const grants = 4;'.repeat(500),
  'assets/contacts.js': 'export const contacts = 5;'.repeat(40),
  'assets/dialog.js': 'export const dialog = 6;'.repeat(300),
  'assets/index.css': 'body{margin:0}'.repeat(100),
};
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    imports: ['_react.js'],
    dynamicImports: [LANDING, CONTACTS, GRANTS, 'components/confirm-dialog.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_hero.js': { file: 'assets/hero.js', imports: ['_react.js'] },
  [LANDING]: { file: 'assets/landing.js', imports: ['index.html', '_hero.js'] },
  [GRANTS]: { file: 'assets/grants.js', imports: ['index.html'] },
  [CONTACTS]: {
    file: 'assets/contacts.js',
    imports: ['index.html', GRANTS],
    dynamicImports: ['components/confirm-dialog.tsx'],
  },
  'components/confirm-dialog.tsx': { file: 'assets/dialog.js', imports: ['index.html'] },
  'assets/index.css': { file: 'assets/index.css' },
};
mkdirSync(join(outDir, 'assets'));
mkdirSync(join(outDir, '.vite'));
for (const [name, text] of Object.entries(files)) writeFileSync(join(outDir, name), text);
writeFileSync(join(outDir, '.vite/manifest.json'), JSON.stringify(manifest));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const gz = (...names: (keyof typeof files)[]) =>
  names.reduce((sum, name) => sum + gzipSync(files[name], { level: 9 }).length, 0);
const entry = gz('assets/index.js', 'assets/react.js');

describe('first route size', () => {
  it('counts the entry and what it imports, each chunk once, JavaScript only', () => {
    expect(firstRouteBytes(outDir)).toBe(entry);
  });

  it("adds the route's lazy chunk and its imports, not other pages'", () => {
    expect(firstRouteBytes(outDir, [LANDING])).toBe(
      entry + gz('assets/landing.js', 'assets/hero.js'),
    );
  });
});

describe('every route', () => {
  it('measures each route of the router: the entry plus its page, not what the page loads later', () => {
    const bytes = everyRouteBytes(outDir);
    expect(Object.keys(bytes)).toEqual(Object.keys(ROUTES));
    expect(bytes.landing).toBe(entry + gz('assets/landing.js', 'assets/hero.js'));
    expect(bytes.grants).toBe(entry + gz('assets/grants.js'));
    // The lazy dialog is left out; the grants chunk it imports statically is not.
    expect(bytes.contacts).toBe(entry + gz('assets/contacts.js', 'assets/grants.js'));
  });

  it("reports a route that loads another page's chunk", () => {
    const contacts = measureRoutes(outDir).find((route) => route.route === 'contacts');
    expect(contacts?.early).toEqual([GRANTS]);
    const landing = measureRoutes(outDir).find((route) => route.route === 'landing');
    expect(landing?.early).toEqual([]);
  });

  it('finds a lazy page that has no budget, and ignores lazy chunks that are not pages', () => {
    expect(unbudgetedPages(manifest)).toEqual([]);
    const withNewPage = {
      ...manifest,
      'index.html': {
        ...manifest['index.html'],
        dynamicImports: [
          ...manifest['index.html'].dynamicImports,
          'features/newsletter/newsletter-page.tsx',
        ],
      },
    };
    expect(unbudgetedPages(withNewPage)).toEqual(['features/newsletter/newsletter-page.tsx']);
  });

  it('gives no route a budget above 1.5 times the bare app', () => {
    for (const [name, route] of Object.entries(ROUTES)) {
      expect(route.maxGzipBytes, name).toBeLessThanOrEqual(BARE_APP_BYTES * 1.5);
    }
  });
});
