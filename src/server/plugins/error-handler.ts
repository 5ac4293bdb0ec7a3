import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorChain } from '../db/errors.ts';
import { AppError, type ErrorIssue } from '../lib/errors.ts';

export interface ErrorBody {
  message: string;
  issues?: ErrorIssue[];
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
const UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Please try again shortly.';
const MET_ANOTHER_MESSAGE =
  'This change met another made at the same moment, and nothing of it was saved. Please try again.';

/**
 * A transaction PostgreSQL ended to break a deadlock or a serialization conflict with another:
 * nothing of it was saved, and the same request again will do (409: what is on screen may have
 * changed meanwhile).
 */
const MET_ANOTHER_CODES = new Set(['40001', '40P01']);

/**
 * Network failures, PostgreSQL's connection and shutdown errors, and its time limits (a
 * statement cancelled by statement_timeout, a session ended by idle_in_transaction_session_timeout),
 * and too many connections (also a company whose share of the pool stayed busy, ShareInUse): the
 * database cannot serve the request now.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57014',
  '25P03',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some(
    ({ code, message }) =>
      (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) ||
      /Connection terminated|timeout exceeded when trying to connect/i.test(message),
  );
}

/**
 * The answer to a request Node's HTTP parser refuses before Fastify sees it, in the app's
 * `{ message }` (Fastify's own answer adds its `error` and `statusCode`): headers past Node's
 * limit (431), a request that did not arrive in time (408), anything else that is not HTTP (400).
 * The connection is then closed, as Node closes it.
 */
export function clientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify({ message } satisfies ErrorBody);
  // Not in the middle of an answer already under way on this connection (as Node checks).
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * The answer to an address the router refuses before any route (or the error handler) sees it, in
 * the app's `{ message }`, echoing nothing of the address: a segment longer than a route reads
 * (100 characters: an id, a link's token) names nothing there is; a segment that does not decode
 * (`%zz`) is no address.
 */
export function frameworkError(error: FastifyError, _request: unknown, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(404).send({ message: 'Not found' } satisfies ErrorBody);
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.code(400).send({ message: 'The address is not valid' } satisfies ErrorBody);
  }
  return reply
    .code(error.statusCode ?? 500)
    .send({ message: (error.statusCode ?? 500) < 500 ? error.message : INTERNAL_MESSAGE });
}

/**
 * Every error leaves as `{ message, issues? }`. Validation answers 400 with the spec's message of
 * the first issue; a 5xx is logged with the request id and never shows its details.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      // Every error is answered in JSON, even by a handler that had named its answer a file.
      reply.removeHeader('content-disposition');
      reply.type('application/json; charset=utf-8');
      if (hasZodFastifySchemaValidationErrors(error)) {
        // A value can break two rules with one message (1e308 for an id: too large, and no
        // integer to Zod): each is said once. Keyed, so a body of many bad values costs no more
        // than reading them.
        const byPathAndMessage = new Map<string, ErrorIssue>();
        const query = error.validationContext === 'querystring' ? request.query : undefined;
        for (const v of error.validation) {
          const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
          // A parameter of the address given twice (`?ids=1&ids=2`) arrives as a list.
          const repeated = isRecord(query) && Array.isArray(query[path]);
          const message = repeated ? `${path} must be given once` : (v.message ?? 'Invalid value');
          byPathAndMessage.set(`${path}\u0000${message}`, { path, message });
        }
        const issues = [...byPathAndMessage.values()];
        const body: ErrorBody = { message: issues[0]?.message ?? 'Invalid input', issues };
        return reply.code(400).send(body);
      }
      if (error instanceof AppError) {
        const body: ErrorBody = { message: error.message };
        if (error.issues) body.issues = error.issues;
        return reply.code(error.statusCode).send(body);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ message: error.message } satisfies ErrorBody);
      }
      if (
        errorChain(error).some(
          ({ code }) => typeof code === 'string' && MET_ANOTHER_CODES.has(code),
        )
      ) {
        request.log.warn({ err: error }, 'transaction ended by another');
        return reply.code(409).send({ message: MET_ANOTHER_MESSAGE } satisfies ErrorBody);
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply.code(503).send({ message: UNAVAILABLE_MESSAGE } satisfies ErrorBody);
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: INTERNAL_MESSAGE } satisfies ErrorBody);
    });
  },
  { name: 'error-handler' },
);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
