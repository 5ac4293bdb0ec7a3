import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every response: a strict Content-Security-Policy (no eval, no framing),
 * nosniff, no referrer, and HSTS when the app is served over https.
 *
 * The headers are the same for every request, so helmet's middleware is built once here (its
 * Fastify wrapper builds it again for each request, directives parsed and all).
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const https = app.config.appUrl.protocol === 'https:';
    const setHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // The UI kit sets element styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (error) =>
        done(error instanceof Error ? error : undefined),
      );
    });
  },
  { name: 'security-headers' },
);
