import { z } from 'zod';
import { projectFiles } from './lib/project-files.ts';

/** Names @fastify/proxy-addr knows for the private ranges a reverse proxy usually sits in. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'] as const;
const proxyAddress = z.union([z.enum(proxyRangeNames), z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/**
 * Whom to believe about a client's address: `false`, or the proxies by address or range. With a
 * list, Fastify walks X-Forwarded-For from the right and takes the first address that is not a
 * trusted proxy: a client cannot forge that one, as proxies append to the header it sent. `true`
 * is refused: it takes the leftmost entry, which the client writes itself. (Fastify's hop count
 * is not offered: it trusts no hop at all.)
 */
const trustProxySchema = z.union(
  [
    z.literal('false').transform(() => false as const),
    z
      .string()
      .transform((value) => value.split(',').map((part) => part.trim()))
      .pipe(z.array(proxyAddress).min(1)),
  ],
  {
    error:
      'must be false, or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal',
  },
);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  APP_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(1).default('Grantwell <no-reply@localhost>'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  TRUST_PROXY: trustProxySchema.default(false),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
});

export type DatabaseConfig =
  | { kind: 'embedded'; dataDir: string }
  | { kind: 'server'; url: string };

/** Every wait the server makes is bounded, and what it holds for clients; these are the bounds. */
export interface Limits {
  /** A request must arrive whole within this, or it is answered 408 and its connection closed. */
  requestBodyMs: number;
  /** A download whose client takes nothing for this long is ended, and its file let go. */
  downloadIdleMs: number;
  /** Downloads (exports, calendars) written and being sent at once, all companies together. */
  downloadsAtOnce: number;
  /** Of those, how many one company's may be. */
  downloadsPerCompanyAtOnce: number;
  /** One SQL statement (PostgreSQL server). */
  statementMs: number;
  /** A transaction left idle is ended by PostgreSQL, and its connection given back. */
  idleInTransactionMs: number;
  /** Waiting for a free pooled connection before answering 503. */
  poolAcquireMs: number;
  /** After SIGTERM, requests in flight get this long before their connections are cut. */
  shutdownGraceMs: number;
  /** Bytes of uploaded files held in memory at once, all requests together. */
  uploadMemoryBytes: number;
  /** Of those, what one company's uploads may hold at once. */
  uploadMemoryPerCompanyBytes: number;
}

/**
 * A 20 MB upload arrives within two minutes at about 1.4 Mbit/s, the slowest link we serve; a
 * statement runs far under 30 s at 100,000 rows (docs/PERFORMANCE.md). Times in milliseconds.
 */
export const DEFAULT_LIMITS: Limits = {
  requestBodyMs: 120_000,
  downloadIdleMs: 60_000,
  downloadsAtOnce: 50,
  downloadsPerCompanyAtOnce: 5,
  statementMs: 30_000,
  idleInTransactionMs: 10_000,
  poolAcquireMs: 5_000,
  shutdownGraceMs: 10_000,
  uploadMemoryBytes: 200 * 1024 * 1024, // ten 20 MB files at once
  uploadMemoryPerCompanyBytes: 50 * 1024 * 1024, // two and a half of them
};

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  appUrl: URL;
  /** Whether APP_URL was set; when not, appUrl is this computer's own address. */
  appUrlIsSet: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  env: 'development' | 'production' | 'test';
  /** Fastify's `trustProxy`: the proxies whose X-Forwarded-For gives the client's address. */
  trustProxy: false | string[];
  limits: Limits;
  /** The built web app that the server serves beside the API. */
  webDir: string;
  /** Whether requests are logged; tests keep the output quiet. */
  logLevel: 'info' | 'warn' | 'silent';
  /**
   * Deadline reminders: whether this process takes part in the job queue that makes and sends
   * them (the test suite turns it on where it tests them), and how often it scans.
   */
  reminders: { run: boolean; intervalSeconds: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const blankToUndefined = (env: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );

/** Reads the environment once; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = envSchema.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'server', url: e.DATABASE_URL }
      : { kind: 'embedded', dataDir: e.DATA_DIR },
    appUrl: new URL(e.APP_URL ?? `http://localhost:${e.PORT}`),
    appUrlIsSet: e.APP_URL !== undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    env: e.NODE_ENV,
    trustProxy: e.TRUST_PROXY,
    limits: { ...DEFAULT_LIMITS, shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000 },
    webDir: projectFiles.webDir,
    logLevel: e.NODE_ENV === 'test' ? 'silent' : 'info',
    reminders: { run: e.NODE_ENV !== 'test', intervalSeconds: e.REMINDER_INTERVAL_SECONDS },
  };
}
