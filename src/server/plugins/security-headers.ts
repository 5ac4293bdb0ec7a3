import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers on every response: a strict Content-Security-Policy (no eval, no framing),
 * nosniff, no referrer, and HSTS when the app is served over https.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const https = app.config.appUrl.protocol === 'https:';
    await app.register(fastifyHelmet, {
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
  },
  { name: 'security-headers' },
);
