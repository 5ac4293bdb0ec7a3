import { and, asc, eq, gte, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CompanyDeadlines } from '../../../domain/ics.ts';
import {
  requirementStatusLabels,
  requirementTypeLabels,
} from '../../../domain/requirement-constants.ts';
import { holdMember } from '../../accounts/members.ts';
import { holdSession } from '../../accounts/sessions.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { grantOfTask } from '../../db/joins.ts';
import {
  calendarFeeds,
  companies,
  grantRequirements,
  grants,
  grantTasks,
} from '../../db/schema.ts';
import { beforeCompanyIsKnown, inCompany } from '../../db/scope.ts';
import { newToken } from '../../lib/tokens.ts';
import { grantDeadlinesWhere } from '../grants/grants.repository.ts';
import { createRequirementsRepository } from '../grants/requirements.repository.ts';

/** How far back a subscription shows deadlines: a year of them, and all that are to come. */
const SHOWN_SINCE_DAYS = 366;
const DAY_MS = 86_400_000;

/**
 * The first instant a subscription read at `now` shows deadlines from: the start of the (UTC)
 * day a year and a day before. It moves once a day, not at every read, so the feed stays the
 * same all day while nothing in it changes, and its validator (`version`, with this day) holds
 * that long.
 */
export const shownSince = (now: Date): Date =>
  new Date(Math.floor((now.getTime() - SHOWN_SINCE_DAYS * DAY_MS) / DAY_MS) * DAY_MS);

/**
 * What the company's rows of `table` that `where` picks are now: how many, and the sum of a
 * hash of each one's id and row version (PostgreSQL's `xmin`, new at every write of the row, the
 * write of a migration too, whatever its timestamps). A row added, removed or written since
 * changes it, in whichever order the writes committed; reading it touches no record's text.
 */
const rowsNow = (table: PgTable, id: PgColumn, where: SQL | undefined) =>
  sql`(SELECT count(*) || ':' || coalesce(sum(hashtextextended(${id}::text || ':' || ${table}.xmin::text, 0)), 0) FROM ${table} WHERE ${where})`;

/** The company's time zone, read in the statement that makes a feed. */
const companyTimeZone = (companyId: number) =>
  sql`(SELECT ${companies.timeZone} FROM ${companies} WHERE ${companies.id} = ${companyId})`;

/** A user's feed: the token its address carries, and the zone whose days it counts. */
interface Feed {
  token: string;
  timeZone: string;
}
const feedColumns = { token: calendarFeeds.token, timeZone: calendarFeeds.timeZone };
/** One feed per user: the conflict target of making one. */
const feedOfUser = [calendarFeeds.companyId, calendarFeeds.userId];

/**
 * Whether the user is still a member, signed in with `session`: both held until the feed is
 * written (the member, then the session, the order a removal takes them in), so that a removal
 * or a password reset under way (which ends the member's sessions and their feed) is waited for
 * and then refuses it, and one that comes after takes the feed with it.
 */
async function heldSignedIn(
  tx: Transaction,
  companyId: number,
  userId: number,
  session: string | null,
) {
  return (
    (await holdMember(tx, companyId, userId)) &&
    (await holdSession(tx, { companyId, userId }, session))
  );
}

export function createCalendarRepository(db: Database) {
  const requirements = createRequirementsRepository(db);
  const ofUser = (companyId: number, userId: number) =>
    and(eq(calendarFeeds.companyId, companyId), eq(calendarFeeds.userId, userId));

  return {
    /**
     * The user's feed (its token and time zone), made on first use (two first uses at once make
     * one); `timeZone`, when given, is kept as the feed's from now on. A feed made without one
     * takes the company's, the zone its reminders count days in. Null when the user has just
     * been removed, or `session` (the hash of the token the user asks with) ended (heldSignedIn).
     */
    feed(
      companyId: number,
      userId: number,
      session: string | null,
      timeZone?: string,
      within?: Transaction,
    ): Promise<Feed | null> {
      return inCompany(within ?? db, companyId, async (tx) => {
        if (!(await heldSignedIn(tx, companyId, userId, session))) return null;
        const insert = tx.insert(calendarFeeds).values({
          companyId,
          userId,
          token: newToken(),
          timeZone: timeZone ?? companyTimeZone(companyId),
        });
        await (timeZone
          ? insert.onConflictDoUpdate({ target: feedOfUser, set: { timeZone } })
          : insert.onConflictDoNothing({ target: feedOfUser }));
        const [feed] = await tx
          .select(feedColumns)
          .from(calendarFeeds)
          .where(ofUser(companyId, userId));
        if (!feed) throw new Error('calendar feed insert left no row');
        return feed;
      });
    },

    /**
     * A new token for the user's feed (its time zone kept); the one before stops working. Null
     * when the user has just been removed, or `session` ended (heldSignedIn).
     */
    replaceFeedToken(
      companyId: number,
      userId: number,
      session: string | null,
      within?: Transaction,
    ): Promise<Feed | null> {
      const token = newToken();
      return inCompany(within ?? db, companyId, async (tx) => {
        if (!(await heldSignedIn(tx, companyId, userId, session))) return null;
        const [feed] = await tx
          .insert(calendarFeeds)
          .values({ companyId, userId, token, timeZone: companyTimeZone(companyId) })
          .onConflictDoUpdate({ target: feedOfUser, set: { token, createdAt: new Date() } })
          .returning(feedColumns);
        return feed ?? null;
      });
    },

    /** The company whose feed the token opens, and its reader's zone; null for no feed. */
    async feedOf(
      token: string,
      within?: Transaction,
    ): Promise<{ companyId: number; timeZone: string } | null> {
      const [feed] = await beforeCompanyIsKnown(within ?? db, (tx) =>
        tx
          .select({ companyId: calendarFeeds.companyId, timeZone: calendarFeeds.timeZone })
          .from(calendarFeeds)
          .where(eq(calendarFeeds.token, token)),
      );
      return feed ?? null;
    },

    /**
     * A name for what the company's feed shows from `since` (shownSince) that changes whenever
     * any of it does: its grants (all of them: a task's or a requirement's title shows its
     * grant's name, whenever the grant is due), and its tasks and requirements due since then.
     * One short statement: a calendar application's poll is answered without reading a
     * deadline when the name is the one it holds.
     */
    async version(companyId: number, since: Date, within?: Transaction): Promise<string> {
      const dueSince = <T extends { companyId: PgColumn; dueDate: PgColumn }>(table: T) =>
        and(eq(table.companyId, companyId), gte(table.dueDate, since));
      const [row] = await inCompany(within ?? db, companyId, (tx) =>
        tx
          .select({
            version: sql<string>`concat_ws(' ',
              ${rowsNow(grants, grants.id, eq(grants.companyId, companyId))},
              ${rowsNow(grantTasks, grantTasks.id, dueSince(grantTasks))},
              ${rowsNow(grantRequirements, grantRequirements.id, dueSince(grantRequirements))})`,
          })
          .from(companies)
          .where(eq(companies.id, companyId)),
      );
      return row?.version ?? '';
    },

    /** The company's deadlines from `since` (shownSince) and to come, soonest first. */
    deadlines(companyId: number, since: Date, within?: Transaction): Promise<CompanyDeadlines> {
      return inCompany(within ?? db, companyId, async (tx) => {
        const grantRows = await grantDeadlinesWhere(
          tx,
          and(eq(grants.companyId, companyId), gte(grants.dueDate, since)),
        );
        const taskRows = await tx
          .select({
            id: grantTasks.id,
            name: grantTasks.name,
            description: grantTasks.description,
            dueDate: grantTasks.dueDate,
            grantName: grants.name,
          })
          .from(grantTasks)
          .innerJoin(grants, grantOfTask)
          .where(
            and(
              eq(grantTasks.companyId, companyId),
              isNotNull(grantTasks.dueDate),
              gte(grantTasks.dueDate, since),
            ),
          )
          .orderBy(asc(grantTasks.dueDate), asc(grantTasks.id));
        const requirementRows = await requirements.dueWithGrant(companyId, { from: since }, tx);
        return {
          grants: grantRows,
          tasks: taskRows.flatMap((task) =>
            task.dueDate ? [{ ...task, dueDate: task.dueDate }] : [],
          ),
          requirements: requirementRows.map((requirement) => ({
            ...requirement,
            dueDate: new Date(requirement.dueDate),
            typeLabel: requirementTypeLabels[requirement.type],
            statusLabel: requirementStatusLabels[requirement.status],
          })),
        };
      });
    },
  };
}
