import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { TOTAL_COUNT_HEADER } from '../../domain/lists.ts';

/**
 * Conditional GETs for the API: every 200 answer to a GET (or HEAD) carries a validator (a hash of its
 * body and of the list total), and a request that already holds it (`If-None-Match`) gets
 * 304 with no body. The contacts page polls every 30 seconds; when nothing changed, that poll
 * costs a hash instead of a transfer and a re-render.
 *
 * `Cache-Control: private, no-cache` lets the browser keep the answer but makes it ask each
 * time, so a change (or another user's session) is never served stale.
 */
export const etagPlugin = fp(
  async (app) => {
    // Callback style, like the other per-request hooks: nothing here waits.
    app.addHook('onSend', (request, reply, payload, done) => {
      // HEAD answers the headers GET would, its validator included.
      const read = request.method === 'GET' || request.method === 'HEAD';
      if (!read || reply.statusCode !== 200) return done(null, payload);
      if (!request.routeOptions.url?.startsWith('/api/')) return done(null, payload);
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);

      const hash = createHash('sha1').update(payload);
      const total = reply.getHeader(TOTAL_COUNT_HEADER);
      if (total !== undefined) hash.update(`\n${String(total)}`);
      const etag = `W/"${hash.digest('base64url')}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache');

      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
        reply.code(304);
        reply.removeHeader('content-type');
        reply.removeHeader('content-length');
        return done(null, '');
      }
      return done(null, payload);
    });
  },
  { name: 'etag' },
);

/** `If-None-Match` is a list of validators, or `*`; weak comparison (RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string) {
  if (!header) return false;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || opaque(tag) === opaque(etag));
}
