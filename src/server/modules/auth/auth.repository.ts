import { and, eq, sql } from 'drizzle-orm';
import type { CurrentUser, RegisterInput } from '../../../domain/auth.ts';
import { canonicalTimeZone, currentTimeZoneName } from '../../../domain/time-zone-names.ts';
import {
  dropPendingInvitations,
  hasMemberWithEmail,
  hasPendingInvitation,
} from '../../accounts/members.ts';
import { createUser, dropPasswordResets, setPassword } from '../../accounts/users.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { insertRow } from '../../db/rows.ts';
import { companies, userInvitations, users } from '../../db/schema.ts';
import { beforeCompanyIsKnown, enterCompany, inCompany } from '../../db/scope.ts';

const currentUserColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  role: users.role,
  companyId: users.companyId,
  companyName: companies.name,
};

/**
 * A new company's time zone: the one its first admin's browser is in (registerSchema), as the
 * IANA database names it now, or UTC when the browser named none this server knows.
 */
function companyZone(browserZone: string | undefined): string {
  const zone = browserZone === undefined ? undefined : canonicalTimeZone(browserZone.trim());
  return zone === undefined ? 'UTC' : currentTimeZoneName(zone);
}

export function createAuthRepository(db: Database) {
  const ofUser = (companyId: number, userId: number) =>
    and(eq(users.companyId, companyId), eq(users.id, userId));

  const getCurrentUser = async (
    companyId: number,
    userId: number,
    within?: Transaction,
  ): Promise<CurrentUser | null> => {
    const [row] = await inCompany(within ?? db, companyId, (tx) =>
      tx
        .select(currentUserColumns)
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(ofUser(companyId, userId)),
    );
    return row ?? null;
  };

  return {
    getCurrentUser,

    /**
     * Creates the company named after the organization and its first user, an admin. Given the
     * caller's `beforeCompanyIsKnown` transaction, it then binds that transaction to the new
     * company, so the caller can go on in it (start the first session) as `inCompany` would.
     */
    registerCompany(input: RegisterInput, passwordHash: string, within?: Transaction) {
      return beforeCompanyIsKnown(within ?? db, async (tx) => {
        // The registration form's "organization" is the name of the new company.
        const company = await insertRow(
          tx,
          companies,
          { id: companies.id },
          { name: input.organization, timeZone: companyZone(input.timeZone) },
        );
        const user = await createUser(tx, {
          companyId: company.id,
          username: input.username,
          passwordHash,
          name: input.name,
          email: input.email,
          role: 'admin',
        });
        await enterCompany(tx, company.id);
        return { id: user.id, companyId: company.id };
      });
    },

    /** The hash the user's password is checked against; null when there is no such user. */
    async passwordHashOf(companyId: number, userId: number, within?: Transaction) {
      const [row] = await inCompany(within ?? db, companyId, (tx) =>
        tx
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(ofUser(companyId, userId)),
      );
      return row?.passwordHash ?? null;
    },

    /**
     * Writes the user's own name or email (those given) and answers the user as they are now. A
     * new email address ends the forgotten-password links sent to the old one, and an expired
     * invitation to it. 'already-member': another member has that address; 'invited': an
     * invitation waits at it, which only an admin may cancel.
     */
    updateProfile(
      companyId: number,
      userId: number,
      values: { name?: string; email?: string },
      within?: Transaction,
    ): Promise<CurrentUser | 'already-member' | 'invited' | null> {
      return inCompany(within ?? db, companyId, async (tx) => {
        if (Object.keys(values).length > 0) {
          const [before] = await tx
            .select({ email: users.email })
            .from(users)
            .where(ofUser(companyId, userId))
            .for('no key update');
          // Another member's address (in any case) is theirs, as when a user is added.
          const { email } = values;
          const another =
            email !== undefined && email.toLowerCase() !== before?.email.toLowerCase();
          if (another && (await hasMemberWithEmail(tx, companyId, email))) return 'already-member';
          // Someone an admin invited is to have it: only an admin cancels an invitation.
          if (another && (await hasPendingInvitation(tx, companyId, email))) return 'invited';
          await tx.update(users).set(values).where(ofUser(companyId, userId));
          // An invitation to the address, expired, could no longer be accepted: it is done with.
          if (another) {
            const to = sql`lower(${userInvitations.email}) = lower(${email})`;
            await dropPendingInvitations(tx, companyId, to);
          }
          if (values.email !== undefined && before && before.email !== values.email) {
            await dropPasswordResets(tx, { companyId, id: userId });
          }
        }
        return getCurrentUser(companyId, userId, tx);
      });
    },

    /**
     * Sets the user's password, from the one whose hash is `from` (checked against what they
     * typed) to `to`, and ends all of their sessions but `keepSession` (a token hash). False when
     * the user is gone, or their password was changed meanwhile (their sessions ended with it).
     */
    changePassword(
      account: { companyId: number; id: number },
      change: { from: string; to: string; keepSession: string | undefined },
      within?: Transaction,
    ): Promise<boolean> {
      return inCompany(within ?? db, account.companyId, (tx) =>
        setPassword(tx, account, change.to, {
          keepSession: change.keepSession,
          replacing: change.from,
        }),
      );
    },
  };
}
