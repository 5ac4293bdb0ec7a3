import { and, eq, sql } from 'drizzle-orm';
import {
  ALREADY_MEMBER,
  type InvitationLookup,
  type InvitationStatus,
  type Role,
} from '../../../domain/organization.ts';
import { createUser } from '../../accounts/users.ts';
import type { Database } from '../../db/client.ts';
import { companies, userInvitations, users } from '../../db/schema.ts';
import { beforeCompanyIsKnown, inCompany } from '../../db/scope.ts';
import { AppError } from '../../lib/errors.ts';

/** A pending invitation past its expiry is reported as expired. */
const effectiveStatus = sql<InvitationStatus>`CASE WHEN ${userInvitations.status} = 'pending' AND ${userInvitations.expiresAt} <= now() THEN 'expired'::invitation_status ELSE ${userInvitations.status} END`;

/** An invitation found by its link's token, with its status as of now. */
interface FoundInvitation {
  id: number;
  companyId: number;
  status: InvitationStatus;
  role: Role;
  name: string;
  email: string;
  companyName: string;
}

/** Invitations as the invitee sees them: by the token in their link. */
export function createInvitationsRepository(db: Database) {
  const find = async (tokenHash: string): Promise<FoundInvitation | null> => {
    const [row] = await beforeCompanyIsKnown(db, (tx) =>
      tx
        .select({
          id: userInvitations.id,
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

    async lookup(tokenHash: string): Promise<InvitationLookup | null> {
      const invitation = await find(tokenHash);
      return invitation
        ? { status: invitation.status, companyName: invitation.companyName, role: invitation.role }
        : null;
    },

    /**
     * Creates the user in the inviting company with the invited role and marks the invitation
     * (found by `find`) accepted, in one transaction: a taken username leaves it pending.
     */
    async accept(invitation: FoundInvitation, username: string, passwordHash: string) {
      const { companyId, id } = invitation;
      await inCompany(db, companyId, async (tx) => {
        // Only one acceptance wins: the row is claimed while still pending and unexpired.
        const claimed = await tx
          .update(userInvitations)
          .set({ status: 'accepted' })
          .where(
            and(
              eq(userInvitations.companyId, companyId),
              eq(userInvitations.id, id),
              eq(userInvitations.status, 'pending'),
              sql`${userInvitations.expiresAt} > now()`,
            ),
          )
          .returning({ id: userInvitations.id });
        if (claimed.length === 0) {
          const status = invitation.status === 'pending' ? 'accepted' : invitation.status;
          throw new AppError('CONFLICT', `This invitation has already been ${status}.`);
        }
        // Someone may have joined with this address since the invitation was sent.
        const [member] = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.companyId, companyId),
              sql`lower(${users.email}) = lower(${invitation.email})`,
            ),
          );
        if (member) throw new AppError('CONFLICT', ALREADY_MEMBER);
        await createUser(tx, {
          companyId,
          username,
          passwordHash,
          name: invitation.name,
          email: invitation.email,
          role: invitation.role,
        });
      });
    },
  };
}
