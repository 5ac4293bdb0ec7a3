import { and, eq, sql } from 'drizzle-orm';
import type { InvitationLookup, InvitationStatus, Role } from '../../../domain/company.ts';
import { hasMemberWithEmail } from '../../accounts/members.ts';
import { createUser } from '../../accounts/users.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { companies, userInvitations } from '../../db/schema.ts';
import { beforeCompanyIsKnown, inCompany } from '../../db/scope.ts';

/** A pending invitation past its expiry is reported as expired. */
const effectiveStatus = sql<InvitationStatus>`CASE WHEN ${userInvitations.status} = 'pending' AND ${userInvitations.expiresAt} <= now() THEN 'expired'::invitation_status ELSE ${userInvitations.status} END`;

/** An invitation found by its link's token, with its status as of now. */
interface FoundInvitation {
  id: number;
  /** The SHA-256 of the link's token it was found by. */
  tokenHash: string;
  companyId: number;
  status: InvitationStatus;
  role: Role;
  name: string;
  email: string;
  companyName: string;
}

/** Invitations as the invitee sees them: by the token in their link. */
export function createInvitationsRepository(db: Database) {
  const find = async (tokenHash: string, within?: Transaction): Promise<FoundInvitation | null> => {
    const [row] = await beforeCompanyIsKnown(within ?? db, (tx) =>
      tx
        .select({
          id: userInvitations.id,
          tokenHash: userInvitations.tokenHash,
          companyId: userInvitations.companyId,
          status: effectiveStatus,
          role: userInvitations.role,
          name: userInvitations.name,
          email: userInvitations.email,
          companyName: companies.name,
        })
        .from(userInvitations)
        .innerJoin(companies, eq(companies.id, userInvitations.companyId))
        .where(eq(userInvitations.tokenHash, tokenHash)),
    );
    return row ?? null;
  };

  return {
    find,

    async lookup(tokenHash: string, within?: Transaction): Promise<InvitationLookup | null> {
      const invitation = await find(tokenHash, within);
      return invitation
        ? { status: invitation.status, companyName: invitation.companyName, role: invitation.role }
        : null;
    },

    /**
     * Creates the user in the inviting company with the invited role and marks the invitation
     * (found by `find`) accepted, in one transaction: a taken username (a 409 from
     * `createUser`) leaves it pending. Otherwise says what stood in the way: the invitation was
     * no longer pending (its status now; 'accepted' too when the same link, sent twice at once,
     * made the member meanwhile), its link was renewed meanwhile ('link-renewed': the token used
     * no longer opens it), or someone else with its address has joined since.
     */
    async accept(
      invitation: FoundInvitation,
      username: string,
      passwordHash: string,
      within?: Transaction,
    ): Promise<'accepted' | 'already-member' | 'link-renewed' | { no: InvitationStatus }> {
      const { companyId, id } = invitation;
      const thisInvitation = and(
        eq(userInvitations.companyId, companyId),
        eq(userInvitations.id, id),
      );
      return inCompany(within ?? db, companyId, async (tx) => {
        // Someone may have joined with this address since the invitation was sent. Checked
        // before the claim, so that nothing has been written when this answer is given.
        if (await hasMemberWithEmail(tx, companyId, invitation.email)) {
          // Through this very link, by another submit of it: the link is what was used.
          const [now] = await tx
            .select({ tokenHash: userInvitations.tokenHash, status: userInvitations.status })
            .from(userInvitations)
            .where(thisInvitation);
          const usedMeanwhile =
            now?.tokenHash === invitation.tokenHash && now.status === 'accepted';
          return usedMeanwhile ? { no: 'accepted' } : 'already-member';
        }
        // Only one acceptance wins: the row is claimed while still pending, unexpired and
        // opened by the same link (an admin may have renewed it meanwhile).
        const claimed = await tx
          .update(userInvitations)
          .set({ status: 'accepted' })
          .where(
            and(
              thisInvitation,
              eq(userInvitations.tokenHash, invitation.tokenHash),
              eq(userInvitations.status, 'pending'),
              sql`${userInvitations.expiresAt} > now()`,
            ),
          )
          .returning({ id: userInvitations.id });
        if (claimed.length === 0) {
          const [now] = await tx
            .select({ tokenHash: userInvitations.tokenHash, status: effectiveStatus })
            .from(userInvitations)
            .where(thisInvitation);
          if (!now || now.tokenHash !== invitation.tokenHash) return 'link-renewed';
          return { no: now.status === 'pending' ? 'accepted' : now.status };
        }
        await createUser(tx, {
          companyId,
          username,
          passwordHash,
          name: invitation.name,
          email: invitation.email,
          role: invitation.role,
        });
        return 'accepted';
      });
    },
  };
}
