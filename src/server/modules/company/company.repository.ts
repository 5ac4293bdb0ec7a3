import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type {
  CompanyProfile,
  Invitation,
  InvitationInput,
  NewUserInput,
  Role,
  TeamMember,
} from '../../../domain/company.ts';
import {
  dropPendingInvitations,
  hasMemberWithEmail,
  holdMember,
  waitingInvitations,
} from '../../accounts/members.ts';
import { createUser, setPassword } from '../../accounts/users.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { onViolation } from '../../db/errors.ts';
import { insertRow, updateRow } from '../../db/rows.ts';
import { alphabetical, calendarFeeds, companies, userInvitations, users } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';

/** The check behind every removal or demotion of an admin (migration 0006). */
const COMPANY_KEEPS_AN_ADMIN = 'users_company_keeps_an_admin';
/** One pending invitation per address and company (migration 0007). */
const ONE_PENDING_INVITATION = 'user_invitations_pending_email_key';

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  username: users.username,
  role: users.role,
};

const profileColumns = {
  name: companies.name,
  industry: companies.industry,
  website: companies.website,
  address: companies.address,
};

const invitationColumns = {
  id: userInvitations.id,
  name: userInvitations.name,
  email: userInvitations.email,
  role: userInvitations.role,
  status: userInvitations.status,
  expiresAt: userInvitations.expiresAt,
};

type InvitationRow = Omit<Invitation, 'expiresAt'> & { expiresAt: Date };
const toInvitation = (row: InvitationRow): Invitation => ({
  ...row,
  expiresAt: row.expiresAt.toISOString(),
});

export function createCompanyRepository(db: Database) {
  const member = (companyId: number, id: number) =>
    and(eq(users.companyId, companyId), eq(users.id, id));

  const profile = async (
    companyId: number,
    within?: Transaction,
  ): Promise<CompanyProfile | null> => {
    const [row] = await inCompany(within ?? db, companyId, (tx) =>
      tx.select(profileColumns).from(companies).where(eq(companies.id, companyId)),
    );
    return row ?? null;
  };

  return {
    profile,

    /** Writes the fields given (null clears one); the others keep their value. */
    updateProfile(
      companyId: number,
      values: Partial<CompanyProfile>,
      within?: Transaction,
    ): Promise<CompanyProfile | null> {
      return inCompany(within ?? db, companyId, (tx) =>
        updateRow(tx, companies, profileColumns, eq(companies.id, companyId), values),
      );
    },

    members(companyId: number, within?: Transaction): Promise<TeamMember[]> {
      return inCompany(within ?? db, companyId, (tx) =>
        tx
          .select(memberColumns)
          .from(users)
          .where(eq(users.companyId, companyId))
          .orderBy(asc(alphabetical(users.name)), asc(users.id)),
      );
    },

    /**
     * Adds a user to the company, and closes an invitation pending to their address.
     * 'already-member': a member has their email address already, the rule an invitation to it
     * keeps too.
     */
    async addMember(
      companyId: number,
      input: Omit<NewUserInput, 'password'> & { role: Role },
      passwordHash: string,
      within?: Transaction,
    ): Promise<TeamMember | 'already-member'> {
      return inCompany(within ?? db, companyId, async (tx) => {
        if (await hasMemberWithEmail(tx, companyId, input.email)) return 'already-member';
        const { id } = await createUser(tx, { ...input, companyId, passwordHash });
        // An invitation pending to the address is done with: it could no longer be accepted.
        await dropPendingInvitations(
          tx,
          companyId,
          sql`lower(${userInvitations.email}) = lower(${input.email})`,
        );
        const [row] = await tx.select(memberColumns).from(users).where(member(companyId, id));
        if (!row) throw new Error('added user not found');
        return row;
      });
    },

    /**
     * Removes the user; their sessions and the invitations they sent go with them. false: the
     * company has no such member. The database refuses to remove a company's last admin
     * (migration 0006), even when two admins remove each other at once.
     */
    removeMember(
      companyId: number,
      id: number,
      within?: Transaction,
    ): Promise<boolean | 'last-admin'> {
      return onViolation(
        COMPANY_KEEPS_AN_ADMIN,
        'last-admin',
        async () => {
          const deleted = await inCompany(within ?? db, companyId, (tx) =>
            tx.delete(users).where(member(companyId, id)).returning({ id: users.id }),
          );
          return deleted.length > 0;
        },
        within,
      );
    },

    /**
     * Gives the member `role`; a member who is no longer an admin takes back the invitations they
     * sent that are still pending. Null when the company has no such member. The database refuses to
     * demote a company's last admin (migration 0006), even when two admins demote each other at
     * once: the second one counts what the first one left.
     */
    setRole(
      companyId: number,
      id: number,
      role: Role,
      within?: Transaction,
    ): Promise<TeamMember | 'last-admin' | null> {
      return onViolation(
        COMPANY_KEEPS_AN_ADMIN,
        'last-admin',
        async () => {
          return inCompany(within ?? db, companyId, async (tx) => {
            const [row] = await tx
              .update(users)
              .set({ role })
              .where(member(companyId, id))
              .returning(memberColumns);
            // An admin no more: the invitations they sent carried an admin's word (decision 0004).
            if (row && role !== 'admin') {
              await dropPendingInvitations(tx, companyId, eq(userInvitations.invitedById, id));
            }
            return row ?? null;
          });
        },
        within,
      );
    },

    /**
     * Sets a new password and ends all the user was signed in with: every session, and the
     * address their calendar application reads the deadlines from (whoever had the account may
     * have kept it). Their own change of password keeps the address; so does a reset link.
     */
    async resetPassword(
      companyId: number,
      id: number,
      passwordHash: string,
      within?: Transaction,
    ): Promise<boolean> {
      return inCompany(within ?? db, companyId, async (tx) => {
        if (!(await setPassword(tx, { companyId, id }, passwordHash))) return false;
        await tx
          .delete(calendarFeeds)
          .where(and(eq(calendarFeeds.companyId, companyId), eq(calendarFeeds.userId, id)));
        return true;
      });
    },

    /** Invitations that can still be accepted. */
    async pendingInvitations(companyId: number, within?: Transaction): Promise<Invitation[]> {
      const rows = await inCompany(within ?? db, companyId, (tx) =>
        tx
          .select(invitationColumns)
          .from(userInvitations)
          .where(waitingInvitations(companyId))
          .orderBy(asc(userInvitations.createdAt), asc(userInvitations.id)),
      );
      return rows.map(toInvitation);
    },

    createInvitation(
      companyId: number,
      invitedById: number,
      input: InvitationInput & { role: Role },
      tokenHash: string,
      expiresAt: Date,
      within?: Transaction,
    ): Promise<Invitation | 'already-member' | 'already-invited' | null> {
      const sameEmail = (column: typeof users.email | typeof userInvitations.email) =>
        sql`lower(${column}) = lower(${input.email})`;
      // The unique index on pending addresses decides, also between two admins at once. Only its
      // clash means "already invited": any other (two links with one token) is a fault. (ON
      // CONFLICT cannot name it here: Drizzle's conflict target takes columns, and the index is
      // on lower(email).)
      return onViolation(
        ONE_PENDING_INVITATION,
        'already-invited',
        () =>
          inCompany(within ?? db, companyId, async (tx) => {
            // Null when the inviting admin has just been removed: nobody joins on their word.
            if (!(await holdMember(tx, companyId, invitedById))) return null;
            if (await hasMemberWithEmail(tx, companyId, input.email)) return 'already-member';
            // A pending invitation past its expiry no longer holds the address.
            await tx
              .update(userInvitations)
              .set({ status: 'expired' })
              .where(
                and(
                  eq(userInvitations.companyId, companyId),
                  eq(userInvitations.status, 'pending'),
                  lte(userInvitations.expiresAt, sql`now()`),
                  sameEmail(userInvitations.email),
                ),
              );
            const values = { ...input, companyId, invitedById, tokenHash, expiresAt };
            return toInvitation(await insertRow(tx, userInvitations, invitationColumns, values));
          }),
        within,
      );
    },

    /**
     * Gives a pending, unexpired invitation a new token and expiry: the old link stops working.
     * False when there is no such invitation in the company.
     */
    async renewInvitationLink(
      companyId: number,
      id: number,
      tokenHash: string,
      expiresAt: Date,
      within?: Transaction,
    ): Promise<boolean> {
      const renewed = await inCompany(within ?? db, companyId, (tx) =>
        tx
          .update(userInvitations)
          .set({ tokenHash, expiresAt })
          .where(
            and(
              eq(userInvitations.companyId, companyId),
              eq(userInvitations.id, id),
              eq(userInvitations.status, 'pending'),
              gt(userInvitations.expiresAt, sql`now()`),
            ),
          )
          .returning({ id: userInvitations.id }),
      );
      return renewed.length > 0;
    },

    /** Withdraws a pending invitation; accepted ones are history and stay. */
    async cancelInvitation(companyId: number, id: number, within?: Transaction): Promise<boolean> {
      const deleted = await inCompany(within ?? db, companyId, (tx) =>
        dropPendingInvitations(tx, companyId, eq(userInvitations.id, id)),
      );
      return deleted.length > 0;
    },
  };
}
