import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.ts';

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
  close(): void;
}

/**
 * How long a mail server may take to answer, in ms. An invitation's email is sent inside the
 * transaction that saves it (sent, or not invited at all), so a mail server that hangs holds a
 * database connection this long at most, not nodemailer's default of minutes.
 */
const SMTP_TIMEOUT_MS = { connection: 10_000, greeting: 10_000, socket: 20_000 };

/** The longest one message can take to send, every timeout reached in turn. */
export const MAIL_SEND_MAX_MS =
  SMTP_TIMEOUT_MS.connection + SMTP_TIMEOUT_MS.greeting + SMTP_TIMEOUT_MS.socket;

/** Real delivery through SMTP_URL; without it, a mailer that sends nothing (ARCHITECTURE §1). */
export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>): Mailer {
  if (!config.smtpUrl) return { delivers: false, send: async () => {}, close: () => {} };
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
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
    close: () => transport.close(),
  };
}
