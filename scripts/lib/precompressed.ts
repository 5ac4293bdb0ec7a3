import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The files a browser downloads as text, which compress to a third of their size or less. */
const TEXT = /\.(?:js|css|html|svg|json|webmanifest)$/;
/** The files under `dir` a browser may ask for: none of a dot-folder's (.vite's manifest). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !relative(dir, file)
          .split(sep)
          .some((part) => part.startsWith('.')),
    );
}

/**
 * Beside each text file under `dir`, its brotli (.br) and gzip (.gz) copies: every one, so the
 * server finds the first copy it looks for, but one no smaller than its file (a few bytes).
 */
export async function compressBeside(dir: string) {
  const files = (await filesUnder(dir)).filter((file) => TEXT.test(file));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const keep = (copy: string) => (compressed: Buffer) =>
        compressed.length < content.length ? writeFile(copy, compressed) : undefined;
      await Promise.all([
        brotli(content, {
          params: {
            // Within a few per cent of the most brotli does (11), at half the build time.
            [constants.BROTLI_PARAM_QUALITY]: 10,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }).then(keep(`${file}.br`)),
        gzipped(content, { level: constants.Z_BEST_COMPRESSION }).then(keep(`${file}.gz`)),
      ]);
    }),
  );
}

/**
 * The build's text files compressed once, at build time (compressBeside): the server sends the
 * copy the browser takes (@fastify/static's preCompressed), so a first page downloads about a
 * third of the bytes, and nothing is compressed per request.
 */
export function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'grantwell:precompressed',
    apply: 'build',
    writeBundle(options) {
      outDir = options.dir ?? '';
    },
    // After the public folder's files are copied in too.
    async closeBundle() {
      if (outDir) await compressBeside(outDir);
    },
  };
}
