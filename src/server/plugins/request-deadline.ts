import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

const REQUEST_TIMEOUT_MESSAGE = 'The request took too long to arrive. Please try again.';

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  Number(request.headers['content-length'] ?? 0) > 0;

/**
 * A request body must arrive whole within `limits.requestBodyMs`, counted from its headers.
 * Past it, the body's reader (Fastify's JSON parser, or the multipart reader of an upload) fails
 * with a 408, answered in the API's error format on a connection that then closes. So a client
 * that stalls or trickles holds a socket for a bounded time, and never anything else. (Node's
 * own `requestTimeout` does not cover a body once its handler has started.)
 */
export const requestDeadlinePlugin = fp(
  async (app) => {
    const limitMs = app.config.limits.requestBodyMs;
    app.addHook('onRequest', (request, reply, done) => {
      if (!hasBody(request)) return done();
      const raw = request.raw;
      const timer = setTimeout(() => {
        const timedOut = new AppError('REQUEST_TIMEOUT', REQUEST_TIMEOUT_MESSAGE);
        reply.header('connection', 'close');
        // A reader of the body listens for its errors: failing it ends the handler with the 408.
        // With none yet (the handler has not reached the body), the 408 is answered here.
        if (raw.listenerCount('error') > 0) raw.emit('error', timedOut);
        else if (!reply.sent) reply.send(timedOut);
      }, limitMs);
      const stop = () => clearTimeout(timer);
      raw.once('end', stop);
      raw.once('close', stop);
      reply.raw.once('finish', stop);
      done();
    });
  },
  { name: 'request-deadline', dependencies: ['error-handler'] },
);
