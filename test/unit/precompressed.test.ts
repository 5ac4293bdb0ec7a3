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
  it('stand beside each text file worth compressing, and read back as the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grantwell-build-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'assets'));
    const script = `console.log(${JSON.stringify('a line of the app '.repeat(200))});\n`;
    writeFileSync(join(dir, 'assets', 'app.js'), script);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(300)}`);
    writeFileSync(join(dir, 'assets', 'tiny.css'), 'a{}');
    writeFileSync(join(dir, 'assets', 'photo.png'), Buffer.alloc(4096, 7));
    await compressBeside(dir);
    expect(readdirSync(join(dir, 'assets')).sort()).toEqual([
      'app.js',
      'app.js.br',
      'app.js.gz',
      'photo.png',
      'tiny.css',
    ]);
    const br = readFileSync(join(dir, 'assets', 'app.js.br'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'app.js.gz'))).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 3);
    expect(readdirSync(dir)).toContain('index.html.br');
  });
});
