import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every TypeScript and JavaScript file under `dir`. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.(ts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

describe('the layout', () => {
  it('keeps the scripts independent of the tests: no script imports from test/', () => {
    const offending = sourcesUnder(join(root, 'scripts')).filter((file) =>
      /from\s+['"][./]*\/test\//.test(readFileSync(file, 'utf8')),
    );
    expect(offending.map((file) => relative(root, file))).toEqual([]);
  });
});
