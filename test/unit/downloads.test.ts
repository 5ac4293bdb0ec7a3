import { connect } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createDownloadSlots,
  createMakingTurns,
  DOWNLOAD_CLIENT_GONE,
} from '../../src/server/lib/downloads.ts';
import { spooled } from '../../src/server/lib/spool.ts';
import { until } from '../helpers/until.ts';

/** How many parts a file has, each written a few milliseconds after the last (a large export). */
const PARTS = 200;

describe('a download whose file is being made', () => {
  it('stops being made once its client has gone, and gives its slot back', async () => {
    const slots = createDownloadSlots(3, 10, createMakingTurns());
    let written = 0;
    let ended: unknown = null;
    const app = Fastify();
    app.get('/file', async (_request, reply) => {
      try {
        const file = await slots.hold(1, reply, (signal) =>
          spooled(async (append) => {
            for (let part = 0; part < PARTS; part += 1) {
              await append('a part of the file\n');
              written += 1;
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
          }, signal),
        );
        ended = 'made';
        return reply.send(file);
      } catch (error) {
        ended = error;
        throw error;
      }
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const client = connect(Number(new URL(address).port), '127.0.0.1');
      client.write('GET /file HTTP/1.1\r\nhost: x\r\n\r\n');
      await until(() => written > 0, 'the file begun');
      client.destroy();
      await until(() => ended !== null, 'the file made, or left');
      expect(ended).toMatchObject({ message: DOWNLOAD_CLIENT_GONE });
      expect(written).toBeLessThan(PARTS);
      await until(() => slots.sending === 0, 'the slot given back');
    } finally {
      await app.close();
    }
  });
});
