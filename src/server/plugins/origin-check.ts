import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isOwnOrigin(request: FastifyRequest, appOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === appOrigin) return true;
  // Same origin as the address the browser used for this very request (e.g. 127.0.0.1 vs
  // localhost): a cross-site page cannot make the browser send its own Origin with our Host.
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false; // includes the opaque origin "null"
  }
}

/** Refuses state-changing requests sent by another site (CSRF), whatever their cookies. */
export const originCheckPlugin = fp(
  async (app) => {
    const appOrigin = app.config.appUrl.origin;
    app.addHook('onRequest', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method)) return done();
      const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
      if (crossSite || !isOwnOrigin(request, appOrigin)) {
        return done(new AppError('FORBIDDEN', 'Cross-site request refused'));
      }
      done();
    });
  },
  { name: 'origin-check' },
);
