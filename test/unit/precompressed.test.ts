import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressBeside } from '../../scripts/lib/precompressed.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the build's compressed copies", () => {
  it('stand beside each text file they make smaller, and read back as the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grantwell-build-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'assets'));
    const script = `console.log(${JSON.stringify('a line of the app '.repeat(200))});\n`;
    writeFileSync(join(dir, 'assets', 'app.js'), script);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(300)}`);
    writeFileSync(join(dir, 'assets', 'tiny.css'), 'a{}');
    writeFileSync(join(dir, 'assets', 'photo.png'), Buffer.alloc(4096, 7));
    // A short script is worth its copies too; the build's own notes are nobody's download.
    writeFileSync(join(dir, 'assets', 'short.js'), 'export const a = "aaaaaaaaaaaaaaaaaaaa";');
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ a: 'b'.repeat(4000) }));
    await compressBeside(dir);
    expect(readdirSync(join(dir, 'assets')).sort()).toEqual([
      'app.js',
      'app.js.br',
      'app.js.gz',
      'photo.png',
      'short.js',
      // Its gzip copy would be larger (gzip's header alone is 18 bytes).
      'short.js.br',
      'tiny.css',
    ]);
    expect(readdirSync(join(dir, '.vite'))).toEqual(['manifest.json']);
    const br = readFileSync(join(dir, 'assets', 'app.js.br'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'app.js.gz'))).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 3);
    expect(readdirSync(dir)).toContain('index.html.br');
  });
});
