import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.ts';

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

/** Real delivery through SMTP_URL; without it, a mailer that sends nothing (ARCHITECTURE §1). */
export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>): Mailer {
  if (!config.smtpUrl) return { delivers: false, send: async () => {}, close: () => {} };
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    delivers: true,
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
    close: () => transport.close(),
  };
}
