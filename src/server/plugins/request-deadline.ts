import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long to arrive. Please try again.';

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  Number(request.headers['content-length'] ?? 0) > 0;

/**
 * A request body must arrive whole within `limits.requestBodyMs`. Past it, the body's reader
 * (Fastify's JSON parser, or the multipart reader of an upload) fails with a 408, which is
 * answered in the API's error format on a connection that then closes. So a client that stalls
 * or trickles holds a socket for a bounded time, and never anything else.
 */
export const requestDeadlinePlugin = fp(
  async (app) => {
    const limitMs = app.config.limits.requestBodyMs;
    app.addHook('onRequest', async (request, reply) => {
      if (!hasBody(request)) return;
      const raw = request.raw;
      const timer = setTimeout(() => {
        reply.header('connection', 'close');
        // Readers of the body listen for its errors; with none listening, nobody waits on it
        // and the connection is simply closed.
        if (raw.listenerCount('error') > 0) {
          raw.emit('error', new AppError('REQUEST_TIMEOUT', REQUEST_TIMEOUT_MESSAGE));
        } else {
          raw.socket.destroy();
        }
      }, limitMs);
      const stop = () => clearTimeout(timer);
      raw.once('end', stop);
      raw.once('close', stop);
      reply.raw.once('finish', stop);
    });
  },
  { name: 'request-deadline', dependencies: ['error-handler'] },
);
