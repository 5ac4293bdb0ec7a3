import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The files a browser downloads as text, which compress to a third of their size or less. */
const TEXT = /\.(?:js|css|html|svg|json|webmanifest)$/;
/** Below this, a compressed copy saves less than a packet and costs a file. */
const WORTH_COMPRESSING = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Beside each text file under `dir` worth compressing, its brotli (.br) and gzip (.gz) copies.
 */
export async function compressBeside(dir: string) {
  const files = (await filesUnder(dir)).filter((file) => TEXT.test(file));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < WORTH_COMPRESSING) return;
      const content = await readFile(file);
      await Promise.all([
        brotli(content, {
          params: {
            // Within a few per cent of the most brotli does (11), at half the build time.
            [constants.BROTLI_PARAM_QUALITY]: 10,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }).then((compressed) => writeFile(`${file}.br`, compressed)),
        gzipped(content, { level: constants.Z_BEST_COMPRESSION }).then((compressed) =>
          writeFile(`${file}.gz`, compressed),
        ),
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
