import { and, eq, lte, ne, or, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../domain/auth.ts';
import { type Database, isDatabase, type Transaction } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { beforeCompanyIsKnown, inCompany } from '../db/scope.ts';
import { holdMember } from './members.ts';

/** A session's row: only the SHA-256 of its token is kept. */
interface NewSession {
  companyId: number;
  userId: number;
  tokenHash: string;
  expiresAt: Date;
}

/**
 * Records a new session; false, recording nothing, when the user has just been removed, or when
 * `passwordHash` (the one a sign-in checked) is no longer theirs. On its own (given the
 * database) it first deletes every session past its expiry or idle for `idleMs`, in every
 * company; given a transaction of the session's company, it joins it and leaves that clean-up to
 * the next sign-in.
 *
 * The user's row is locked against a change of password until the session is recorded: a new
 * password being set is waited for (and then refuses the sign-in), and one set just after ends
 * this session with the others.
 */
export async function startSession(
  db: Database | Transaction,
  session: NewSession,
  idleMs: number,
  passwordHash?: string,
): Promise<boolean> {
  if (isDatabase(db)) {
    const idleSince = new Date(Date.now() - idleMs);
    await beforeCompanyIsKnown(db, (tx) =>
      tx
        .delete(sessions)
        .where(or(lte(sessions.expiresAt, sql`now()`), lte(sessions.lastSeenAt, idleSince))),
    );
  }
  return inCompany(db, session.companyId, async (tx) => {
    if (!(await holdMember(tx, session.companyId, session.userId))) return false;
    if (passwordHash !== undefined) {
      const [unchanged] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.companyId, session.companyId),
            eq(users.id, session.userId),
            eq(users.passwordHash, passwordHash),
          ),
        )
        .for('share');
      if (!unchanged) return false;
    }
    await tx.insert(sessions).values(session);
    return true;
  });
}

/** Ends the session of this token (signing out). */
export async function endSession(db: Database, tokenHash: string) {
  await beforeCompanyIsKnown(db, (tx) =>
    tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash)),
  );
}

/**
 * Ends every session of a user, in the caller's transaction (a new password, say), but the one
 * whose token hash is `except`: the session a user changes their own password in stays.
 */
export async function endSessions(
  tx: Transaction,
  companyId: number,
  userId: number,
  except?: string,
) {
  await tx
    .delete(sessions)
    .where(
      and(
        eq(sessions.companyId, companyId),
        eq(sessions.userId, userId),
        except === undefined ? undefined : ne(sessions.tokenHash, except),
      ),
    );
}

/**
 * Whether `tokenHash` (null for none) is still a session of the user's, checked in the caller's
 * company transaction, where the session then stays locked against its end until that
 * transaction ends: what is written for it meanwhile (a calendar address) is there when a
 * password reset comes, and goes with the sessions it ends. A reset under way is waited for, and
 * the session is then gone.
 */
export async function holdSession(
  tx: Transaction,
  account: { companyId: number; userId: number },
  tokenHash: string | null,
): Promise<boolean> {
  if (tokenHash === null) return false;
  const [row] = await tx
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        eq(sessions.companyId, account.companyId),
        eq(sessions.userId, account.userId),
        eq(sessions.tokenHash, tokenHash),
      ),
    )
    .for('key share');
  return row !== undefined;
}

/**
 * The user of a live session: not past its absolute expiry and used within `idleMs`. Marks it
 * used, at most once a minute, so reads stay reads.
 *
 * Every API request asks this, so it is one plain statement outside a transaction (the read and
 * the occasional touch of last_seen_at need no atomicity), written out and sent on the pool
 * without the query builder. Owner role, as the company is what it finds out (see
 * beforeCompanyIsKnown).
 */
export async function findSessionUser(
  db: Database,
  tokenHash: string,
  idleMs: number,
): Promise<CurrentUser | null> {
  const result = await db.$client.query<CurrentUser & { stale: boolean }>(
    `SELECT u.id, u.username, u.name, u.email, u.role, u.company_id AS "companyId",
            c.name AS "companyName", s.last_seen_at < now() - interval '1 minute' AS "stale"
     FROM sessions s
     JOIN users u ON u.company_id = s.company_id AND u.id = s.user_id
     JOIN companies c ON c.id = s.company_id
     WHERE s.token_hash = $1 AND s.expires_at > now()
       AND s.last_seen_at > now() - $2 * interval '1 millisecond'`,
    [tokenHash, idleMs],
  );
  const [row] = result.rows;
  if (!row) return null;
  const { stale, ...user } = row;
  if (stale) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return user;
}
