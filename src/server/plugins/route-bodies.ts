import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { takesIfMatch } from '../lib/schemas.ts';

/** The answer to a form upload sent to a route that takes JSON. */
export const SEND_JSON = 'Send this request as JSON (Content-Type: application/json)';

/** The answer to If-Match sent with a change that has no version to compare it with. */
export const NO_IF_MATCH_HERE =
  'This change has no version to compare If-Match with: send it without If-Match (or with *)';

/** What a body may hold that confirms a change and is none (one's password, for a new address). */
const CONFIRMATIONS = new Set(['currentPassword']);

/**
 * The fields a body schema names (its object's keys, through a transform or a pipe), or null
 * when it is not an object's.
 */
function fieldsOf(schema: unknown): Set<string> | null {
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in);
  return null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer to a change naming no field it can set (`unknown`, the names not the record's). */
export const nothingToChange = (unknown: string[]) =>
  unknown.length === 0
    ? new AppError('INVALID_INPUT', 'Nothing to change')
    : new AppError(
        'INVALID_INPUT',
        `Nothing to change: ${unknown.map((name) => `"${name}"`).join(', ')} ${unknown.length === 1 ? 'is not a field' : 'are not fields'} of this record`,
        unknown.map((path) => ({ path, message: 'Not a field of this record' })),
      );

/** Names listed in the answer at most: a body of a thousand keys is not echoed whole. */
const UNKNOWN_NAMED_MAX = 5;

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
    // A change (PATCH) whose body names fields, none of them the record's ({"nmae": "x"}, a
    // task's grantId), is refused (400): it was answered 200 with nothing changed, and the
    // client took its change as made. A body naming none ({}) changes nothing, and says so (200).
    // Checked last before the body's schema, after the route's own checks (who may ask: 401, 403).
    app.addHook('onRoute', (route) => {
      const fields = fieldsOf(route.schema?.body);
      if (!fields || ![route.method].flat().includes('PATCH')) return;
      const namesAField = async (request: FastifyRequest) => {
        if (!isObject(request.body)) return;
        const sent = Object.keys(request.body);
        const sets = (name: string) => fields.has(name) && !CONFIRMATIONS.has(name);
        if (sent.length > 0 && !sent.some(sets)) {
          const unknown = sent.filter((name) => !fields.has(name));
          throw nothingToChange(unknown.slice(0, UNKNOWN_NAMED_MAX));
        }
      };
      route.preValidation = [...[route.preValidation ?? []].flat(), namesAField];
    });
  },
  { name: 'route-bodies', dependencies: ['error-handler'] },
);
