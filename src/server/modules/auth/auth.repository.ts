import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { CurrentUser, RegisterInput } from '../../../domain/auth.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { companies, sessions, users } from '../../db/schema.ts';
import { beforeCompanyIsKnown, inCompany } from '../../db/scope.ts';
import { AppError } from '../../lib/errors.ts';

export const USERNAME_TAKEN = 'Username already exists';

const currentUserColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  role: users.role,
  companyId: users.companyId,
  companyName: companies.name,
};

const sameUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`;

export function createAuthRepository(db: Database) {
  return {
    async findLogin(username: string) {
      const [row] = await beforeCompanyIsKnown(db, (tx) =>
        tx
          .select({ id: users.id, companyId: users.companyId, passwordHash: users.passwordHash })
          .from(users)
          .where(sameUsername(username)),
      );
      return row ?? null;
    },

    /** Creates the company named after the organization and its first user, an admin. */
    async registerCompany(input: RegisterInput, passwordHash: string) {
      try {
        return await beforeCompanyIsKnown(db, async (tx) => {
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(sameUsername(input.username));
          if (taken) throw new AppError('CONFLICT', USERNAME_TAKEN);
          const [company] = await tx
            .insert(companies)
            .values({ name: input.organization })
            .returning({ id: companies.id });
          if (!company) throw new Error('company insert returned no row');
          const [user] = await tx
            .insert(users)
            .values({
              companyId: company.id,
              username: input.username,
              passwordHash,
              name: input.name,
              email: input.email,
              role: 'admin',
            })
            .returning({ id: users.id, companyId: users.companyId });
          if (!user) throw new Error('user insert returned no row');
          return user;
        });
      } catch (error) {
        // Two registrations racing for one username: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', USERNAME_TAKEN);
        throw error;
      }
    },

    createSession(companyId: number, userId: number, tokenHash: string, expiresAt: Date) {
      return inCompany(db, companyId, (tx) =>
        tx.insert(sessions).values({ companyId, userId, tokenHash, expiresAt }),
      );
    },

    /** Deletes every session past its absolute expiry or idle for longer than `idleMs`. */
    purgeExpiredSessions(idleMs: number) {
      const idleSince = new Date(Date.now() - idleMs);
      return beforeCompanyIsKnown(db, (tx) =>
        tx
          .delete(sessions)
          .where(or(lte(sessions.expiresAt, sql`now()`), lte(sessions.lastSeenAt, idleSince))),
      );
    },

    /**
     * The user of a live session: not past its absolute expiry and used within `idleMs`.
     * Marks it used, at most once a minute so reads stay reads.
     */
    async findSessionUser(tokenHash: string, idleMs: number): Promise<CurrentUser | null> {
      // Every API request asks this, so it is one plain statement outside a transaction (the
      // read and the occasional touch of last_seen_at need no atomicity), written out rather
      // than built each time, and sent on the pool without the query builder. Owner role, as the company is what it finds out (see
      // beforeCompanyIsKnown).
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
      // Marked used at most once a minute, so reads stay reads.
      if (stale) {
        await db
          .update(sessions)
          .set({ lastSeenAt: sql`now()` })
          .where(eq(sessions.tokenHash, tokenHash));
      }
      return user;
    },

    async getCurrentUser(companyId: number, userId: number): Promise<CurrentUser | null> {
      const [row] = await inCompany(db, companyId, (tx) =>
        tx
          .select(currentUserColumns)
          .from(users)
          .innerJoin(companies, eq(companies.id, users.companyId))
          .where(and(eq(users.companyId, companyId), eq(users.id, userId))),
      );
      return row ?? null;
    },

    deleteSession(tokenHash: string) {
      return beforeCompanyIsKnown(db, (tx) =>
        tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash)),
      );
    },
  };
}
