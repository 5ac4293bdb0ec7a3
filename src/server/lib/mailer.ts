import { setTimeout } from 'node:timers/promises';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.ts';
import { turnstile } from './turnstile.ts';

/** Text as HTML shows it: names and links in a message's HTML part. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** False when no SMTP server is configured: nothing is sent. */
  readonly delivers: boolean;
  send(mail: Mail): Promise<void>;
  /**
   * Runs `work` that sends mail, most often holding a database connection meanwhile (an
   * invitation saved and emailed in one transaction), in one of the process's few turns for it
   * (a reminder's email takes one too, holding no connection while it is sent): a mail server that is slow or stalls then holds that many connections at
   * most, not the whole pool (ten invitations of two companies did). The next waits its turn
   * without a connection, up to 30 s, then 503. The turns go round the companies waiting, so
   * one company sending many makes the others wait for one of its sends, not all of them.
   */
  inTurn<T>(companyId: number, work: () => Promise<T>): Promise<T>;
  close(): void;
}

/** Connections that may wait on the mail server at once, in the whole process. */
const MAIL_TURNS = 2;
const MAIL_TURN_WAIT_MS = 30_000;
export const MAIL_BUSY = 'Many emails are being sent right now. Please try again in a moment.';

/**
 * How long a mail server may take to answer, in ms. An invitation's email is sent inside the
 * transaction that saves it (sent, or not invited at all), so a mail server that hangs holds a
 * database connection this long at most, not nodemailer's default of minutes.
 */
const SMTP_TIMEOUT_MS = { connection: 10_000, greeting: 10_000, socket: 20_000 };

/** The longest one message can take to send, every timeout reached in turn. */
export const MAIL_SEND_MAX_MS =
  SMTP_TIMEOUT_MS.connection + SMTP_TIMEOUT_MS.greeting + SMTP_TIMEOUT_MS.socket;

/**
 * Real delivery through SMTP_URL; without it, a mailer that sends nothing (ARCHITECTURE §1).
 * A message not sent within `sendMaxMs` is given up.
 */
export function createMailer(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>,
  sendMaxMs = MAIL_SEND_MAX_MS,
): Mailer {
  if (!config.smtpUrl) {
    return { delivers: false, send: async () => {}, inTurn: (_, work) => work(), close: () => {} };
  }
  const mailTurns = turnstile(MAIL_TURNS, MAIL_TURN_WAIT_MS, MAIL_BUSY);
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS.connection,
    dnsTimeout: SMTP_TIMEOUT_MS.connection,
    greetingTimeout: SMTP_TIMEOUT_MS.greeting,
    socketTimeout: SMTP_TIMEOUT_MS.socket,
  });
  return {
    delivers: true,
    async send(mail) {
      // Its timeouts are of silence: a server that keeps talking without finishing would hold
      // the sender (and its connection) for ever. Past the longest a message may take, it is
      // given up (the message may still go out; it is answered as not sent).
      const sending = transport.sendMail({ from: config.mailFrom, ...mail });
      sending.catch(() => {});
      const timer = new AbortController();
      try {
        await Promise.race([
          sending,
          setTimeout(sendMaxMs, undefined, { signal: timer.signal }).then(() => {
            throw new Error('the mail server took too long');
          }),
        ]);
      } finally {
        timer.abort();
      }
    },
    inTurn: (companyId, work) => mailTurns(`company ${companyId}`, work),
    close: () => transport.close(),
  };
}
