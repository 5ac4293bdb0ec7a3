import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { escapeHtml, type Mailer } from '../../lib/mailer.ts';
import {
  createRemindersRepository,
  type EmailOutcome,
  type PendingEmail,
} from './reminders.repository.ts';

/** The queue's tables live in their own schema, beside the app's. */
const QUEUE_SCHEMA = 'pgboss';
const SCAN = 'reminder-scan';
const EMAIL = 'reminder-email';

export interface ReminderJobs {
  /** Makes the reminders due at `now` for every company now, and queues their emails. */
  scan(now?: Date): Promise<void>;
  /** Sends the company's reminder emails that may go now, as its queued job does. */
  sendEmails(companyId: number): Promise<void>;
  /**
   * Proposes a scan now and every interval after. A server does so once it is listening
   * (app.ts), so that one that cannot start (its port taken) does no work and says only why.
   */
  proposeScans(): void;
  stop(): Promise<void>;
}

interface Options {
  db: Database;
  mailer: Mailer;
  appUrl: URL;
  intervalSeconds: number;
  log: FastifyBaseLogger;
}

/**
 * The commands whose refusal concerns one message, not the mail server: a recipient refused
 * (RCPT TO), or the message itself (DATA). A refusal of the sign-in, of the sender or of the
 * connection is the server's, whatever its code: nothing can be sent now.
 */
const MESSAGE_COMMANDS = new Set(['RCPT TO', 'DATA']);

/**
 * What a refusal of one message means: for good (5xx: a mailbox that does not exist), or for now
 * (4xx: a mailbox full, a greylisting server), which asks for this message later and lets the
 * next go. Anything else (the server unreachable, closing with 421, refusing the sign-in) fails
 * the whole job, tried again later, every message left as it was.
 */
function refusal(error: unknown): Exclude<EmailOutcome, 'sent'> | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const command = 'command' in error ? error.command : undefined;
  const code = 'responseCode' in error ? error.responseCode : undefined;
  if (typeof command !== 'string' || !MESSAGE_COMMANDS.has(command)) return undefined;
  if (typeof code !== 'number' || code === 421) return undefined;
  if (code >= 500) return 'refused';
  if (code >= 400) return 'later';
  return undefined;
}

function reminderMail(email: PendingEmail, appUrl: URL) {
  const page = new URL(email.link, appUrl).toString();
  const profile = new URL('/profile', appUrl).toString();
  const footer = 'You can turn these emails off on your Profile page';
  return {
    to: email.to,
    subject: email.title,
    text: `${email.title}\n\n${email.body}\n\nOpen in Grantwell: ${page}\n\n${footer}: ${profile}\n`,
    html: [
      `<p><strong>${escapeHtml(email.title)}</strong></p>`,
      `<p>${email.body.split('\n').map(escapeHtml).join('<br>')}</p>`,
      `<p><a href="${escapeHtml(page)}">Open in Grantwell</a></p>`,
      `<p style="color:#666">${footer}: <a href="${escapeHtml(profile)}">${escapeHtml(profile)}</a></p>`,
    ].join('\n'),
  };
}

/** Attempts at making a queue before a process gives up starting. */
const QUEUE_ATTEMPTS = 5;

/**
 * Makes the queue `name` unless it is there. Two processes that start together can both find it
 * missing, and pg-boss's create_queue then deadlocks one against the other: the one PostgreSQL
 * chose to fail waits a moment, finds the queue the other made, and goes on.
 */
async function ensureQueue(boss: PgBoss, name: string, options: PgBoss.Queue) {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(name)) return;
    try {
      await boss.createQueue(name, options);
      return;
    } catch (error) {
      if (attempt >= QUEUE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/**
 * Deadline reminders through a PostgreSQL-backed queue (pg-boss, docs/decisions/0013): every
 * serving process proposes a scan each interval, the queue keeps one per interval for all of
 * them, and whichever process takes it makes the notifications (each once, by its key) and
 * queues a company's emails; any process sends those, one message at a time (sendNextEmail).
 */
export async function startReminderJobs(options: Options): Promise<ReminderJobs> {
  const { db, mailer, appUrl, intervalSeconds, log } = options;
  const reminders = createRemindersRepository(db);
  // The queue's own statements still running, so that stop() lets them end before the database
  // closes; once stopped, the queue has nothing left to say to a pool that may be closed.
  const statements = new Set<Promise<unknown>>();
  let stopped = false;
  const executeSql = (text: string, values?: unknown[]) => {
    if (stopped) return Promise.resolve({ rows: [] });
    const statement = db.$client.query(text, values);
    const settled = () => statements.delete(statement);
    statements.add(statement);
    statement.then(settled, settled);
    return statement;
  };
  const boss = new PgBoss({
    db: { executeSql },
    schema: QUEUE_SCHEMA,
    // Nothing is scheduled by cron: the interval is in seconds.
    schedule: false,
  });
  boss.on('error', (error) => log.error({ err: error }, 'reminder queue error'));
  await boss.start();
  await ensureQueue(boss, SCAN, { name: SCAN, policy: 'singleton', expireInSeconds: 600 });
  await ensureQueue(boss, EMAIL, {
    name: EMAIL,
    policy: 'stately',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
  });

  const scan = async (now = new Date()) => {
    const started = performance.now();
    const scanned = await reminders.companies();
    for (const company of scanned) {
      // One company's fault (a clock the runtime cannot read, say) leaves the others' reminders
      // to go out; its own are tried again at the next scan.
      try {
        const made = await reminders.scanCompany(company.id, company, now);
        if (made > 0) log.info({ companyId: company.id, made }, 'reminders made');
        if (mailer.delivers && (await reminders.hasUnsentEmail(company.id))) {
          await boss.send(EMAIL, { companyId: company.id }, { singletonKey: String(company.id) });
        }
      } catch (error) {
        log.error({ err: error, companyId: company.id }, 'reminder scan failed for a company');
      }
    }
    const ms = Math.round(performance.now() - started);
    log.info({ companies: scanned.length, ms }, 'reminder scan done');
  };

  const sendEmails = async (companyId: number) => {
    const send = async (email: PendingEmail): Promise<EmailOutcome> => {
      try {
        await mailer.send(reminderMail(email, appUrl));
        return 'sent';
      } catch (error) {
        const outcome = refusal(error);
        if (outcome === undefined) throw error;
        log.warn(
          { err: error, companyId },
          outcome === 'refused'
            ? 'reminder email refused for good; not sent'
            : 'reminder email put off by the mail server; it is tried again later',
        );
        return outcome;
      }
    };
    while (await mailer.inTurn(companyId, () => reminders.sendNextEmail(companyId, send))) {
      // One message at a time, until none is left that may go now.
    }
  };

  // The work under way, so that stop() lets it end before the database closes: pg-boss may
  // stop waiting for a job before its handler has ended, and it marks the job done or failed
  // without waiting for that (a rejection nobody handles, were the pool closed by then).
  const underWay = new Set<Promise<void>>();
  const tracked = (work: Promise<void>) => {
    underWay.add(work);
    return work.finally(() => underWay.delete(work));
  };

  await boss.work<Record<string, never>>(SCAN, { pollingIntervalSeconds: 1 }, () =>
    tracked(scan()),
  );
  await boss.work<{ companyId: number }>(EMAIL, { pollingIntervalSeconds: 1 }, (jobs) =>
    tracked(
      (async () => {
        for (const job of jobs) await sendEmails(job.data.companyId);
      })(),
    ),
  );

  const propose = () =>
    boss
      .send(SCAN, {}, { singletonSeconds: intervalSeconds, singletonKey: SCAN })
      .catch((error: unknown) => log.error({ err: error }, 'could not queue the reminder scan'));
  let ticker: NodeJS.Timeout | undefined;

  return {
    scan,
    sendEmails,
    proposeScans() {
      if (ticker) return;
      void propose();
      ticker = setInterval(propose, Math.min(intervalSeconds, 60) * 1000);
      ticker.unref();
    },
    async stop() {
      clearInterval(ticker);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      // A worker that was fetching when told to stop still gets its jobs, runs them and records
      // their end; each step starts a turn after the last one ended. Wait until a turn starts
      // nothing more.
      while (statements.size > 0 || underWay.size > 0) {
        await Promise.allSettled([...statements, ...underWay]);
        await new Promise((resolve) => setImmediate(resolve));
      }
      stopped = true;
    },
  };
}
