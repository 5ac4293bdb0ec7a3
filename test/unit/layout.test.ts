import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every TypeScript and JavaScript file under `dir`. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/** The layers of src/ and those each may import from (itself aside). */
const LAYERS: Record<string, string[]> = {
  domain: [],
  server: ['domain'],
  web: ['domain'],
};

/** The layer of src/ a path is in, if any. */
const layerOf = (path: string) => relative(join(root, 'src'), path).split(/[\\/]/)[0];

/** Every relative module a file imports, statically or lazily, resolved to a path. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [
    ...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g),
  ];
  return specifiers.map((match) => resolve(dirname(file), match[1] ?? ''));
}

describe('the layout', () => {
  it('imports downwards only: the domain from nothing of ours, the server and the web from the domain', () => {
    const offending: string[] = [];
    for (const [layer, allowed] of Object.entries(LAYERS)) {
      for (const file of sourcesUnder(join(root, 'src', layer))) {
        for (const target of importsOf(file)) {
          const into = layerOf(target);
          // A test may use the tests' helpers (test/helpers) besides its layer.
          const testHelper = /\.test\.tsx?$/.test(file) && into === '..';
          if (into !== layer && !allowed.includes(into ?? '') && !testHelper) {
            offending.push(`${relative(root, file)} imports ${relative(root, target)}`);
          }
        }
      }
    }
    expect(offending).toEqual([]);
  });

  it("puts nothing but options in a chooser's listbox: no component takes nothingFoundMessage", () => {
    // Mantine shows that message inside the listbox; the field's description says it instead
    // (docs/ARCHITECTURE.md, Screens).
    const offending = sourcesUnder(join(root, 'src', 'web')).filter(
      (file) => !/\.test\.tsx?$/.test(file) && readFileSync(file, 'utf8').includes('nothingFound'),
    );
    expect(offending.map((file) => relative(root, file))).toEqual([]);
  });

  it('keeps the scripts independent of the tests: no script imports from test/', () => {
    const offending = sourcesUnder(join(root, 'scripts')).filter((file) =>
      /from\s+['"][./]*\/test\//.test(readFileSync(file, 'utf8')),
    );
    expect(offending.map((file) => relative(root, file))).toEqual([]);
  });
});
