import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { ErrorBody } from './error-handler.ts';

/**
 * Serves the built web app and answers every non-API path with its index.html, so deep links
 * such as /contacts/12 work. Unknown /api and /assets paths get a JSON 404, never the app.
 */
export const webAppPlugin = fp(
  async (app) => {
    const root = app.config.webDir;
    const hasBundle = existsSync(join(root, 'index.html'));
    if (hasBundle) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build's brotli and gzip copies of its text files (scripts/lib/precompressed.ts),
        // whichever the browser takes; the file itself to one that takes neither.
        preCompressed: true,
        // File names under assets/ carry a content hash: they never change.
        setHeaders: (reply, path) => {
          if (path.includes(`${sep}assets${sep}`)) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isApi = path === '/api' || path.startsWith('/api/');
      // A missing script or style (one a page of an earlier build asks for) is not the app: a
      // page given HTML for a script fails with no word of why.
      const isAsset = path.startsWith('/assets/');
      if (isApi || isAsset || !hasBundle || !['GET', 'HEAD'].includes(request.method)) {
        return reply.code(404).send({ message: 'Not found' } satisfies ErrorBody);
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web-app' },
);
