import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { firstRouteBytes } from '../../scripts/bundle-size.ts';

// A build as Vite leaves it: the entry imports a shared chunk; the landing page (lazy) imports
// another; a later page's chunk is never part of the first download.
const outDir = mkdtempSync(join(tmpdir(), 'grantwell-bundle-'));
const files = {
  'assets/index.js': 'console.log("entry");'.repeat(50),
  'assets/react.js': 'export const react = 1;'.repeat(80),
  'assets/landing.js': 'export const landing = 2;'.repeat(30),
  'assets/hero.js': 'export const hero = 3;'.repeat(20),
  'assets/grants.js': 'export const grants = 4;'.repeat(500),
  'assets/index.css': 'body{margin:0}'.repeat(100),
};
mkdirSync(join(outDir, 'assets'));
mkdirSync(join(outDir, '.vite'));
for (const [name, text] of Object.entries(files)) writeFileSync(join(outDir, name), text);
writeFileSync(
  join(outDir, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index.js', imports: ['_react.js'], css: ['assets/index.css'] },
    '_react.js': { file: 'assets/react.js' },
    '_hero.js': { file: 'assets/hero.js', imports: ['_react.js'] },
    'features/landing/landing-page.tsx': {
      file: 'assets/landing.js',
      imports: ['index.html', '_hero.js'],
    },
    'features/grants/grants-page.tsx': { file: 'assets/grants.js', imports: ['index.html'] },
    'assets/index.css': { file: 'assets/index.css' },
  }),
);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const gz = (...names: (keyof typeof files)[]) =>
  names.reduce((sum, name) => sum + gzipSync(files[name], { level: 9 }).length, 0);

describe('first route size', () => {
  it('counts the entry and what it imports, each chunk once, JavaScript only', () => {
    expect(firstRouteBytes(outDir)).toBe(gz('assets/index.js', 'assets/react.js'));
  });

  it("adds the route's lazy chunk and its imports, not other pages'", () => {
    expect(firstRouteBytes(outDir, ['features/landing/landing-page.tsx'])).toBe(
      gz('assets/index.js', 'assets/react.js', 'assets/landing.js', 'assets/hero.js'),
    );
  });
});
