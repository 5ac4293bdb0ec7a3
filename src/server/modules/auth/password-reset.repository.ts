import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import { setPassword } from '../../accounts/users.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { beforeCompanyIsKnown, inCompany } from '../../db/scope.ts';

const r = passwordResets;

/** A user, as their company and id. */
interface Account {
  companyId: number;
  id: number;
}

/** The links emailed to reset forgotten passwords, kept as their tokens' SHA-256. */
export function createPasswordResetRepository(db: Database) {
  const ofUser = (account: Account) =>
    and(eq(r.companyId, account.companyId), eq(r.userId, account.id));

  return {
    /**
     * Records a new link for the account, unless `perWindow` links were made for it since
     * `since` (then 'too-many', and nothing is recorded) or the account has just been removed
     * ('no-account'). The user's row is locked first, so requests for one account from several
     * addresses at once take turns and cannot pass the limit together. Links past their expiry
     * are dropped on the way.
     */
    issue(
      account: Account,
      link: { tokenHash: string; expiresAt: Date },
      limit: { since: Date; perWindow: number },
      within?: Transaction,
    ): Promise<'issued' | 'too-many' | 'no-account'> {
      return inCompany(within ?? db, account.companyId, async (tx) => {
        const [user] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.companyId, account.companyId), eq(users.id, account.id)))
          .for('no key update');
        if (!user) return 'no-account';
        await tx.delete(r).where(and(ofUser(account), lte(r.expiresAt, sql`now()`)));
        const [recent] = await tx
          .select({ count: count() })
          .from(r)
          .where(and(ofUser(account), gt(r.createdAt, limit.since)));
        if ((recent?.count ?? 0) >= limit.perWindow) return 'too-many';
        await tx.insert(r).values({ companyId: account.companyId, userId: account.id, ...link });
        return 'issued';
      });
    },

    /** The account a link is for, while it works; null for an unknown, used or expired link. */
    async find(
      tokenHash: string,
      within?: Transaction,
    ): Promise<(Account & { username: string }) | null> {
      const [row] = await beforeCompanyIsKnown(within ?? db, (tx) =>
        tx
          .select({ companyId: r.companyId, id: r.userId, username: users.username })
          .from(r)
          .innerJoin(users, and(eq(users.companyId, r.companyId), eq(users.id, r.userId)))
          .where(and(eq(r.tokenHash, tokenHash), gt(r.expiresAt, sql`now()`))),
      );
      return row ?? null;
    },

    /**
     * Uses the link (found by `find`): in one transaction it is deleted, while it still works
     * (of two requests with one link, only one gets it), the password is set, and every session
     * and other link of the user ends. False when the link no longer works.
     */
    redeem(account: Account, tokenHash: string, passwordHash: string, within?: Transaction) {
      return inCompany(within ?? db, account.companyId, async (tx) => {
        const used = await tx
          .delete(r)
          .where(and(ofUser(account), eq(r.tokenHash, tokenHash), gt(r.expiresAt, sql`now()`)))
          .returning({ id: r.id });
        if (used.length === 0) return false;
        return setPassword(tx, account, passwordHash);
      });
    },
  };
}
