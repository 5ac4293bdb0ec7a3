import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { startOfDay } from '../../../domain/due-dates.ts';
import type {
  Notification,
  ReminderPreferences,
  ReminderPreferencesPatch,
  ReminderSettings,
} from '../../../domain/reminders.ts';
import { DIGEST_DAYS, NOTIFICATIONS_SHOWN } from '../../../domain/reminders.ts';
import type { RequirementType } from '../../../domain/requirement-constants.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { grantOf } from '../../db/joins.ts';
import { isoOrNull } from '../../db/rows.ts';
import {
  companies,
  grantRequirements,
  grants,
  grantTasks,
  notifications,
  users,
} from '../../db/schema.ts';
import { beforeCompanyIsKnown, inCompany } from '../../db/scope.ts';
import { MAIL_SEND_MAX_MS } from '../../lib/mailer.ts';
import { owedWork } from '../grants/grant-records.ts';
import {
  type CompanyClock,
  DIGEST_KEY_PREFIX,
  type Member,
  type OpenDeadline,
  type PlannedNotification,
  plannedDigests,
  plannedReminders,
} from './reminder-plan.ts';

/** Grants whose deadline is still to be met: not yet submitted or decided. */
const UNSUBMITTED_GRANT_STATUSES = ['draft', 'in-progress'] as const;

/**
 * A notification whose email is still to go out, and may go now: not sent yet, not being sent by
 * a process nor put off by the recipient's mail server (emailNotBefore), made within the last two
 * days (an email not sent by then is not sent at all), to a user who still wants such emails (one
 * who turned reminders, or the digest, off after it was made gets none).
 */
const stillToEmail = (companyId: number) =>
  and(
    eq(notifications.companyId, companyId),
    isNull(notifications.emailedAt),
    gte(notifications.createdAt, sql`now() - interval '2 days'`),
    or(isNull(notifications.emailNotBefore), lte(notifications.emailNotBefore, sql`now()`)),
    sql`exists (
      select from ${users}
      where ${users.companyId} = ${notifications.companyId} and ${users.id} = ${notifications.userId}
        and case when starts_with(${notifications.key}, ${DIGEST_KEY_PREFIX})
          then ${users.digestEnabled} else ${users.remindersEnabled} end
    )`,
  );

/**
 * A reminder's key holds the day its deadline falls on in the company's time zone (reminder-plan.ts):
 * when the zone changes, the keys of the reminders made for the deadlines as they are now move to
 * the day the new zone gives, so the scan does not make them again. A key already taken (the
 * zone changed back and forth) is left.
 */
async function rekeyReminders(tx: Transaction, companyId: number, from: string, to: string) {
  const keyIn = (zone: string) =>
    sql`d.kind || ':' || d.id || ':' || to_char(d.due_date AT TIME ZONE ${zone}, 'YYYY-MM-DD') || ':' || split_part(n.key, ':', 4)`;
  // One held at this very moment (being taken to be emailed, marked read: a few milliseconds,
  // never while the mail server answers) keeps its key rather than hold the change of zone.
  await tx.execute(sql`
    WITH moving AS (
      SELECT n.id, ${keyIn(to)} AS key
      FROM ${notifications} n
      JOIN (
        SELECT 'grant' AS kind, id, due_date FROM ${grants} WHERE company_id = ${companyId}
        UNION ALL
        SELECT 'task', id, due_date FROM ${grantTasks}
          WHERE company_id = ${companyId} AND due_date IS NOT NULL
        UNION ALL
        SELECT 'requirement', id, due_date FROM ${grantRequirements}
          WHERE company_id = ${companyId}
      ) d
        -- By kind and id, which a hash join matches at once, then the day in the zone before:
        -- the key as a whole (the same as keyIn(from)) holds both sides, and was compared for
        -- every reminder with every deadline.
        ON d.kind = split_part(n.key, ':', 1)
       AND d.id::text = split_part(n.key, ':', 2)
       AND split_part(n.key, ':', 3) = to_char(d.due_date AT TIME ZONE ${from}, 'YYYY-MM-DD')
      WHERE n.company_id = ${companyId}
        AND NOT EXISTS (
          SELECT FROM ${notifications} m
          WHERE m.company_id = n.company_id AND m.user_id = n.user_id AND m.key = ${keyIn(to)}
        )
      FOR UPDATE OF n SKIP LOCKED
    )
    UPDATE ${notifications} SET key = moving.key FROM moving
    WHERE ${notifications.companyId} = ${companyId} AND ${notifications.id} = moving.id`);
}

/** The deadline a reminder's key names (`task:12` of `task:12:2026-12-01:7`); null: a digest. */
const deadlineOf = (key: string) =>
  key.startsWith(DIGEST_KEY_PREFIX) ? null : key.split(':', 2).join(':');

/**
 * Holds the deadlines the reminders `keys` are of against change and deletion until the
 * transaction ends (FOR SHARE), and answers those still there (`grant:12`): a grant, task or
 * requirement changed or deleted meanwhile waits for its reminders to be made, and then takes
 * them with it (migrations 0034, 0036, 0038); a change or deletion under way is waited for. Only
 * these few rows, each kind in id order and the grants of tasks and requirements first, as a
 * grant's deletion takes its grant before its work.
 */
async function holdDeadlines(tx: Transaction, companyId: number, keys: string[]) {
  const named = (kind: string) =>
    keys.flatMap((key) => {
      const [of, id] = (deadlineOf(key) ?? '').split(':');
      return of === kind ? [Number(id)] : [];
    });
  const ofCompany = <Table extends typeof grants | typeof grantTasks | typeof grantRequirements>(
    table: Table,
    ids: number[],
  ) =>
    and(
      eq(table.companyId, companyId),
      // One array, however many: a list of bound values stops at 65,535.
      sql`${table.id} = ANY(${sql.param([...new Set(ids)])}::int[])`,
    );
  const work = async (table: typeof grantTasks | typeof grantRequirements, ids: number[]) =>
    ids.length === 0
      ? []
      : tx
          .select({ id: table.id, grantId: table.grantId })
          .from(table)
          .where(ofCompany(table, ids));
  const taskIds = named('task');
  const requirementIds = named('requirement');
  const grantIds = [
    ...named('grant'),
    ...(await work(grantTasks, taskIds)).map((task) => task.grantId),
    ...(await work(grantRequirements, requirementIds)).map((requirement) => requirement.grantId),
  ];
  const hold = async (
    kind: string,
    table: typeof grants | typeof grantTasks | typeof grantRequirements,
    ids: number[],
  ) =>
    ids.length === 0
      ? []
      : (
          await tx
            .select({ id: table.id })
            .from(table)
            .where(ofCompany(table, ids))
            .orderBy(table.id)
            .for('share')
        ).map((row) => `${kind}:${row.id}`);
  return new Set([
    ...(await hold('grant', grants, grantIds)),
    ...(await hold('task', grantTasks, taskIds)),
    ...(await hold('requirement', grantRequirements, requirementIds)),
  ]);
}

/** The open deadlines of a company due before `before` (and from `from`, when given). */
async function openDeadlines(
  tx: Transaction,
  companyId: number,
  { from, before }: { from?: Date; before: Date },
): Promise<OpenDeadline[]> {
  const inRange = (column: AnyColumn) =>
    and(from ? gte(column, from) : undefined, lt(column, before));
  const grantRows = await tx
    .select({ id: grants.id, name: grants.name, dueDate: grants.dueDate })
    .from(grants)
    .where(
      and(
        eq(grants.companyId, companyId),
        inArray(grants.status, [...UNSUBMITTED_GRANT_STATUSES]),
        inRange(grants.dueDate),
      ),
    );
  /** A grant's open work (its tasks or its requirements) due in the range, with the grant. */
  const workDue = (
    table: typeof grantTasks | typeof grantRequirements,
    open: SQL | undefined,
    type: SQL<RequirementType | null> | typeof grantRequirements.type,
  ) =>
    tx
      .select({
        id: table.id,
        name: table.name,
        grantId: table.grantId,
        grantName: grants.name,
        assigneeId: table.assigneeId,
        dueDate: table.dueDate,
        type,
      })
      .from(table)
      .innerJoin(grants, grantOf(table))
      // A rejected grant's work is owed to nobody: it is not chased.
      .where(and(eq(table.companyId, companyId), open, owedWork, inRange(table.dueDate)));
  // Open work: a task marked Overdue is still to be done.
  const taskRows = await workDue(grantTasks, ne(grantTasks.status, 'completed'), sql<null>`null`);
  const requirementRows = await workDue(
    grantRequirements,
    eq(grantRequirements.status, 'pending'),
    grantRequirements.type,
  );
  return [
    ...grantRows.map((grant) => ({
      kind: 'grant' as const,
      ...grant,
      grantId: grant.id,
      grantName: grant.name,
      type: null,
      assigneeId: null,
    })),
    ...[
      ...taskRows.map((task) => ({ kind: 'task' as const, ...task })),
      ...requirementRows.map((requirement) => ({ kind: 'requirement' as const, ...requirement })),
    ].flatMap(({ dueDate, ...work }) => (dueDate ? [{ ...work, dueDate }] : [])),
  ];
}

const notificationColumns = {
  id: notifications.id,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};

const toNotification = (row: {
  id: number;
  title: string;
  body: string;
  link: string;
  createdAt: Date;
  readAt: Date | null;
}): Notification => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  readAt: isoOrNull(row.readAt),
});

export interface PendingEmail {
  to: string;
  title: string;
  body: string;
  link: string;
}

/**
 * What came of an email: sent; refused for good (a mailbox that does not exist: never tried
 * again); or to be sent later, as the recipient's mail server asked (a mailbox full for now).
 */
export type EmailOutcome = 'sent' | 'refused' | 'later';

/** How long a process that takes a notification to email it keeps it from the others. */
const EMAIL_TAKEN_MS = MAIL_SEND_MAX_MS + 60_000;

/**
 * How long an email the mail server asked for later is put off: 5 minutes the first time, twice
 * as long each time after, 6 hours at the most (until the two days an email may wait are over).
 * The first scan after that queues it again (REMINDER_INTERVAL_SECONDS).
 */
const DEFERRAL_MINUTES = { first: 5, most: 360 };

const NOTIFICATIONS_INSERTED_AT_ONCE = 5_000;

export function createRemindersRepository(db: Database) {
  const ofUser = (companyId: number, userId: number) =>
    and(eq(notifications.companyId, companyId), eq(notifications.userId, userId));

  return {
    /** Every company's clock: the scan goes through them one by one (owner role, ids only). */
    companies(within?: Transaction): Promise<({ id: number } & CompanyClock)[]> {
      return beforeCompanyIsKnown(within ?? db, (tx) =>
        tx
          .select({
            id: companies.id,
            timeZone: companies.timeZone,
            reminderDays: companies.reminderDays,
          })
          .from(companies)
          .orderBy(asc(companies.id)),
      );
    },

    /**
     * Makes the reminders and digests due at `now` for one company, each once: a notification
     * already made under its key is left as it is, whoever made it. Counts days on the company's
     * clock as it is when the scan gets to it (`read`, as the scan read the companies, only when
     * the company is gone). Answers how many are new.
     */
    scanCompany(
      companyId: number,
      read: CompanyClock,
      now: Date,
      within?: Transaction,
    ): Promise<number> {
      return inCompany(within ?? db, companyId, async (tx) => {
        // Held against removal until the notifications are in: one removed meanwhile (a removal
        // under way is waited for) is left out, not a notification for nobody.
        const members: Member[] = await tx
          .select({
            id: users.id,
            role: users.role,
            remindersEnabled: users.remindersEnabled,
            digestEnabled: users.digestEnabled,
          })
          .from(users)
          .where(eq(users.companyId, companyId))
          .for('key share');
        // The clock as it is now, held until the notifications are in: a change of time zone
        // (which moves the keys of the reminders made, rekeyReminders) is waited for, or waits.
        // After the members, as a removal locks them: its user row, then the company's.
        const [clock = read] = await tx
          .select({ timeZone: companies.timeZone, reminderDays: companies.reminderDays })
          .from(companies)
          .where(eq(companies.id, companyId))
          .for('share');
        const furthest = Math.max(DIGEST_DAYS, ...clock.reminderDays.map((days) => days + 1));
        const plan = async (): Promise<PlannedNotification[]> => {
          const deadlines = await openDeadlines(tx, companyId, {
            before: startOfDay(now, clock.timeZone, furthest),
          });
          return [
            ...plannedReminders(deadlines, members, clock, now),
            ...plannedDigests(deadlines, members, clock, now),
          ];
        };
        const planned = await plan();
        if (planned.length === 0) return 0;
        const held = await holdDeadlines(
          tx,
          companyId,
          planned.map((notification) => notification.key),
        );
        // Held, the deadlines planned from cannot change until the notifications are in; read
        // again, they are as a change that committed meanwhile left them (a due date moved, the
        // grant submitted, the task given to another): its trigger found no reminder to take,
        // and none is made of what it changed.
        const stillDue = (await plan()).filter((notification) => {
          const deadline = deadlineOf(notification.key);
          return deadline === null || held.has(deadline);
        });
        let made = 0;
        // In batches: a statement binds at most 65,535 values, six a notification. A year's
        // notice of a few thousand deadlines, for each of a few admins, is more than that.
        for (let start = 0; start < stillDue.length; start += NOTIFICATIONS_INSERTED_AT_ONCE) {
          const batch = stillDue.slice(start, start + NOTIFICATIONS_INSERTED_AT_ONCE);
          const inserted = await tx
            .insert(notifications)
            .values(batch.map((notification) => ({ ...notification, companyId })))
            .onConflictDoNothing({
              target: [notifications.companyId, notifications.userId, notifications.key],
            })
            .returning({ id: notifications.id });
          made += inserted.length;
        }
        return made;
      });
    },

    /** Whether the company has notifications whose email is still to go out. */
    async hasUnsentEmail(companyId: number, within?: Transaction): Promise<boolean> {
      return inCompany(within ?? db, companyId, async (tx) => {
        const [row] = await tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(stillToEmail(companyId))
          .limit(1);
        return row !== undefined;
      });
    },

    /**
     * Sends the email of one notification not yet emailed, if one is due, and answers whether
     * there was one. It is taken first, in a transaction of its own that skips those another
     * process holds: for as long as a send can take, no other process sends it (EMAIL_TAKEN_MS).
     * No row stays locked while the mail server answers, so completing, moving or deleting its
     * deadline meanwhile never waits on the mail server. Sent or refused for good, it is marked
     * emailed; asked for later, it waits its turn again (DEFERRAL_MINUTES), and the next one
     * goes; a send that fails (the mail server unreachable) gives it back at once and throws.
     */
    async sendNextEmail(
      companyId: number,
      send: (email: PendingEmail) => Promise<EmailOutcome>,
    ): Promise<boolean> {
      const byId = (id: number) =>
        and(eq(notifications.companyId, companyId), eq(notifications.id, id));
      const taken = await inCompany(db, companyId, async (tx) => {
        const [row] = await tx
          .select({
            id: notifications.id,
            to: users.email,
            title: notifications.title,
            body: notifications.body,
            link: notifications.link,
          })
          .from(notifications)
          .innerJoin(
            users,
            and(eq(users.companyId, notifications.companyId), eq(users.id, notifications.userId)),
          )
          .where(stillToEmail(companyId))
          .orderBy(asc(notifications.id))
          .limit(1)
          .for('update', { of: notifications, skipLocked: true });
        if (!row) return null;
        await tx
          .update(notifications)
          .set({ emailNotBefore: sql`now() + ${EMAIL_TAKEN_MS} * interval '1 millisecond'` })
          .where(byId(row.id));
        return row;
      });
      if (!taken) return false;
      let outcome: EmailOutcome;
      try {
        outcome = await send(taken);
      } catch (error) {
        // Given back for the job's next try; if even that fails, its taking runs out by itself,
        // and the send's own failure is the one to tell.
        await inCompany(db, companyId, (tx) =>
          tx.update(notifications).set({ emailNotBefore: null }).where(byId(taken.id)),
        ).catch(() => undefined);
        throw error;
      }
      // A notification deleted meanwhile (its deadline met or gone) is no longer there to mark.
      await inCompany(db, companyId, (tx) =>
        tx
          .update(notifications)
          .set(
            outcome === 'later'
              ? {
                  emailDeferrals: sql`${notifications.emailDeferrals} + 1`,
                  emailNotBefore: sql`now() + least(
                    ${DEFERRAL_MINUTES.first} * power(2, ${notifications.emailDeferrals}),
                    ${DEFERRAL_MINUTES.most}
                  ) * interval '1 minute'`,
                }
              : { emailedAt: sql`now()`, emailNotBefore: null },
          )
          .where(byId(taken.id)),
      );
      return true;
    },

    /** The user's newest notifications. */
    list(companyId: number, userId: number, within?: Transaction): Promise<Notification[]> {
      return inCompany(within ?? db, companyId, async (tx) => {
        const rows = await tx
          .select(notificationColumns)
          .from(notifications)
          .where(ofUser(companyId, userId))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(NOTIFICATIONS_SHOWN);
        return rows.map(toNotification);
      });
    },

    unreadCount(companyId: number, userId: number, within?: Transaction): Promise<number> {
      return inCompany(within ?? db, companyId, async (tx) => {
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(notifications)
          .where(and(ofUser(companyId, userId), isNull(notifications.readAt)));
        return row?.n ?? 0;
      });
    },

    /** Marks one of the user's notifications read (or all of them); false when it is not theirs. */
    async markRead(
      companyId: number,
      userId: number,
      id?: number,
      within?: Transaction,
    ): Promise<boolean> {
      return inCompany(within ?? db, companyId, async (tx) => {
        const marked = await tx
          .update(notifications)
          .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
          .where(
            and(ofUser(companyId, userId), id === undefined ? undefined : eq(notifications.id, id)),
          )
          .returning({ id: notifications.id });
        return id === undefined || marked.length > 0;
      });
    },

    settings(companyId: number, within?: Transaction): Promise<ReminderSettings | null> {
      return inCompany(within ?? db, companyId, async (tx) => {
        const [row] = await tx
          .select({ timeZone: companies.timeZone, reminderDays: companies.reminderDays })
          .from(companies)
          .where(eq(companies.id, companyId));
        return row ?? null;
      });
    },

    updateSettings(
      companyId: number,
      patch: Partial<ReminderSettings>,
      within?: Transaction,
    ): Promise<ReminderSettings | null> {
      return inCompany(within ?? db, companyId, async (tx) => {
        const columns = { timeZone: companies.timeZone, reminderDays: companies.reminderDays };
        const [before] = await tx
          .select(columns)
          .from(companies)
          .where(eq(companies.id, companyId))
          .for('no key update');
        if (!before || Object.keys(patch).length === 0) return before ?? null;
        const [row] = await tx
          .update(companies)
          .set(patch)
          .where(eq(companies.id, companyId))
          .returning(columns);
        if (row && row.timeZone !== before.timeZone) {
          await rekeyReminders(tx, companyId, before.timeZone, row.timeZone);
        }
        return row ?? null;
      });
    },

    preferences(
      companyId: number,
      userId: number,
      within?: Transaction,
    ): Promise<ReminderPreferences | null> {
      return this.updatePreferences(companyId, userId, {}, within);
    },

    updatePreferences(
      companyId: number,
      userId: number,
      patch: ReminderPreferencesPatch,
      within?: Transaction,
    ): Promise<ReminderPreferences | null> {
      return inCompany(within ?? db, companyId, async (tx) => {
        const columns = { reminders: users.remindersEnabled, digest: users.digestEnabled };
        const where = and(eq(users.companyId, companyId), eq(users.id, userId));
        const set = {
          ...(patch.reminders === undefined ? {} : { remindersEnabled: patch.reminders }),
          ...(patch.digest === undefined ? {} : { digestEnabled: patch.digest }),
        };
        const [row] =
          Object.keys(set).length === 0
            ? await tx.select(columns).from(users).where(where)
            : await tx.update(users).set(set).where(where).returning(columns);
        return row ?? null;
      });
    },
  };
}
