import { once } from 'node:events';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/server/lib/mailer.ts';

const open: { close: () => void }[] = [];
afterEach(() => {
  for (const each of open.splice(0)) each.close();
});

/**
 * A mail server that greets, then answers EHLO with a reply it never finishes: a line of it
 * every 50 ms, for ever. It is never silent, so no timeout of silence ends the wait.
 */
async function neverFinishing() {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.write('220 mail.example.org ready\r\n');
    socket.once('data', () => {
      socket.write('250-mail.example.org\r\n');
      const timer = setInterval(() => socket.write('250-STILL-THINKING\r\n'), 50);
      timers.add(timer);
      socket.on('close', () => clearInterval(timer));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  open.push({
    close: () => {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  });
  return `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const mail = { to: 'ada@example.org', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };

describe('the mailer', () => {
  it('gives a message up once it has taken longer than the longest a send may take, however the server keeps talking', async () => {
    const smtpUrl = await neverFinishing();
    const mailer = createMailer({ smtpUrl, mailFrom: 'grants@example.org' }, 400);
    open.push(mailer);
    const started = performance.now();
    await expect(mailer.send(mail)).rejects.toThrow('the mail server took too long');
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(390);
    expect(took).toBeLessThan(5_000);
  });
});
