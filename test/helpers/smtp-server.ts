import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps what it receives. */
export async function startSmtpServer(
  options: { refuse?: boolean; hold?: { reached: () => void; until: Promise<void> } } = {},
) {
  const received: Received[] = [];
  /** Addresses whose mailbox is full for now: their messages are put off (452), not refused. */
  const fullMailboxes = new Set<string>();
  /** Set, the server takes no mail for now from anyone (451 to the sender): it is busy. */
  const busy = { now: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!busy.now) return callback();
      callback(Object.assign(new Error('Too busy, try again later'), { responseCode: 451 }));
    },
    onRcptTo(address, _session, callback) {
      if (fullMailboxes.has(address.address)) {
        return callback(
          Object.assign(new Error('Mailbox full, try again later'), { responseCode: 452 }),
        );
      }
      const answer = () =>
        options.refuse ? callback(new Error('Mailbox unavailable')) : callback();
      if (!options.hold) return answer();
      // Holds the message mid-delivery until the test lets it go.
      options.hold.reached();
      void options.hold.until.then(answer);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    fullMailboxes,
    busy,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The text of a message with quoted-printable soft breaks and escapes undone. */
export const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
