import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { takesIfMatch } from '../lib/schemas.ts';

/** The answer to a form upload sent to a route that takes JSON. */
export const SEND_JSON = 'Send this request as JSON (Content-Type: application/json)';

/** The answer to If-Match sent with a change that has no version to compare it with. */
export const NO_IF_MATCH_HERE =
  'This change has no version to compare If-Match with: send it without If-Match (or with *)';

/**
 * Refuses, before anything is read or changed, what a route does not take:
 * - a multipart body (a form upload) where JSON is taken, 415, as any other body type is; the
 *   upload parser, registered for the whole app, would otherwise hand the route no body at all;
 * - If-Match on a change that has no version (the organization's profile, a user's settings, a
 *   bulk change), 400: a client that asks for its change to be made only if nobody has changed
 *   the record since would otherwise have it made whatever came meanwhile.
 */
export const routeBodiesPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      // A request no route takes is answered 404 as it is.
      if (request.routeOptions.url === undefined) return done();
      const schema = request.routeOptions.schema;
      const type = request.headers['content-type']?.trimStart().toLowerCase() ?? '';
      if (type.startsWith('multipart/') && !schema?.consumes?.includes('multipart/form-data')) {
        return done(new AppError('UNSUPPORTED_MEDIA_TYPE', SEND_JSON));
      }
      const ifMatch = request.headers['if-match']?.trim();
      const safe = request.method === 'GET' || request.method === 'HEAD';
      if (ifMatch !== undefined && ifMatch !== '*' && !safe && !takesIfMatch(schema)) {
        return done(new AppError('INVALID_INPUT', NO_IF_MATCH_HERE));
      }
      done();
    });
  },
  { name: 'route-bodies', dependencies: ['error-handler'] },
);
