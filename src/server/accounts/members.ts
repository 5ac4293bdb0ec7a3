import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../domain/auth.ts';
import { ASSIGNEE_NOT_MEMBER } from '../../domain/common.ts';
import type { Database, Transaction } from '../db/client.ts';
import { errorChain } from '../db/errors.ts';
import { holdCompanyRow } from '../db/rows.ts';
import { userInvitations, users } from '../db/schema.ts';
import { inCompany } from '../db/scope.ts';
import { AppError, fieldRefusal } from '../lib/errors.ts';
import { notAnAdmin, notSignedIn, requireAdmin } from '../lib/guards.ts';

// The members other rows point at (a session, a calendar feed, an assigned task), held against
// their removal while those rows are written.

/**
 * Whether the user is a member of the company, checked in the caller's company transaction,
 * where their row then stays locked against removal until it ends: what is written for them
 * meanwhile (a session, a calendar feed, an assigned task) is there when a removal comes, which
 * takes it or unassigns it, and never points at nobody. A removal under way is waited for.
 */
export async function holdMember(
  tx: Transaction,
  companyId: number,
  userId: number,
): Promise<boolean> {
  return holdCompanyRow(tx, users, companyId, userId);
}

/**
 * Refuses work (a task, a requirement) assigned to someone who is not a user of the company: 400
 * naming `assigneeId`. The member is held against removal until the caller's transaction ends
 * (see holdMember). No assignee, nothing to check.
 */
export async function requireAssignee(
  tx: Transaction,
  companyId: number,
  assigneeId: number | null | undefined,
): Promise<void> {
  if (assigneeId === undefined || assigneeId === null) return;
  if (!(await holdMember(tx, companyId, assigneeId))) {
    throw fieldRefusal('INVALID_INPUT', 'assigneeId', ASSIGNEE_NOT_MEMBER);
  }
}

/** Advisory lock class of a company's members' addresses (the two-key form, as the throttle's). */
const MEMBER_EMAIL_LOCK_CLASS = 727_004;

/**
 * Deletes the company's invitations still pending that `which` picks (an address a member now
 * has, a sender no longer an admin, one withdrawn); answers their ids.
 */
export const dropPendingInvitations = (tx: Transaction, companyId: number, which: SQL) =>
  tx
    .delete(userInvitations)
    .where(
      and(eq(userInvitations.companyId, companyId), eq(userInvitations.status, 'pending'), which),
    )
    .returning({ id: userInvitations.id });

/**
 * Whether a member of the company has this email address (in any case): nobody joins a company
 * twice under one address, added by an admin or by accepting an invitation. The address is held
 * until the caller's transaction ends, so two people joining under it at the same moment are
 * looked at one after the other: the second finds the first.
 */
export async function hasMemberWithEmail(
  tx: Transaction,
  companyId: number,
  email: string,
): Promise<boolean> {
  await takeTurnOrRefuse(
    tx,
    sql`SELECT pg_advisory_xact_lock(${MEMBER_EMAIL_LOCK_CLASS}, hashtext(${`${companyId}:${email.toLowerCase()}`}))`,
    () => fieldRefusal('CONFLICT', 'email', ADDRESS_BUSY),
  );
  const [member] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), sql`lower(${users.email}) = lower(${email})`));
  return member !== undefined;
}

/** The company's invitations that can still be accepted: pending, and not expired. */
export const waitingInvitations = (companyId: number) =>
  and(
    eq(userInvitations.companyId, companyId),
    eq(userInvitations.status, 'pending'),
    gt(userInvitations.expiresAt, sql`now()`),
  );

/**
 * Whether an invitation to this email address (in any case) waits, unexpired, to be accepted.
 * Asked after hasMemberWithEmail, under the address's hold, so that an invitation sent at the
 * same moment is seen.
 */
export async function hasPendingInvitation(
  tx: Transaction,
  companyId: number,
  email: string,
): Promise<boolean> {
  const [invitation] = await tx
    .select({ id: userInvitations.id })
    .from(userInvitations)
    .where(
      and(waitingInvitations(companyId), sql`lower(${userInvitations.email}) = lower(${email})`),
    );
  return invitation !== undefined;
}

/** Advisory lock class of a company's admins: who they are, while an admin acts. */
const COMPANY_ADMINS_LOCK_CLASS = 727_005;

/**
 * Holds who the company's admins are until the caller's transaction ends: shared, by an admin's
 * change; alone (`changesAdmins`), by a change of who they are (see actAsAdmin).
 */
export async function holdCompanyAdmins(
  tx: Transaction,
  companyId: number,
  { changesAdmins = false } = {},
) {
  if (!changesAdmins) {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock_shared(${COMPANY_ADMINS_LOCK_CLASS}, ${companyId})`,
    );
    return;
  }
  await takeTurnOrRefuse(
    tx,
    sql`SELECT pg_advisory_xact_lock(${COMPANY_ADMINS_LOCK_CLASS}, ${companyId})`,
    () => new AppError('CONFLICT', ADMINS_BUSY),
  );
}

/**
 * Takes a lock of the team's (`lock`, a statement), refused (409, `busy()`) once it has waited a
 * while: the change holding it may be waiting on a mail server (an invitation, up to 45 s), and
 * every change behind it would otherwise wait until its statement's time ran out (503).
 */
async function takeTurnOrRefuse(tx: Transaction, lock: SQL, busy: () => AppError) {
  await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${TEAM_TURN_WAIT_MS}ms'`));
  try {
    await tx.execute(lock);
  } catch (error) {
    if (errorChain(error).some((e) => e.code === LOCK_NOT_AVAILABLE)) {
      throw busy();
    }
    throw error;
  }
  await tx.execute(sql.raw('SET LOCAL lock_timeout TO DEFAULT'));
}

/** How long a change of the team waits for another's that holds what it needs. */
const TEAM_TURN_WAIT_MS = 5_000;
/** PostgreSQL's lock_not_available: lock_timeout ran out. */
const LOCK_NOT_AVAILABLE = '55P03';
/** The answer to a change of the admins made while another admin's change goes on. */
export const ADMINS_BUSY = 'Another change to the team is under way: try again in a moment';
/** The answer to a change of an email address while another change of it goes on. */
export const ADDRESS_BUSY =
  'Another change for this email address is under way (an invitation being sent): try again in a moment';

/**
 * An admin's change (`work`), in a transaction of the company's where the admin is checked
 * again: the session's role was read when the request began, and another admin may have removed
 * or demoted them since (401 or 403, as a request after that gets). The company's admins are
 * held until the change commits: shared by every admin's change, alone by one that changes who
 * the admins are (`changesAdmins`: a removal, a new role). So two admins removing or demoting
 * each other at the same moment take turns and the second finds what the first did, while an
 * admin's own row stays free for their other writes (their profile, their password) even as
 * their invitation's email is on its way.
 */
export async function actAsAdmin<T>(
  db: Database,
  request: FastifyRequest,
  work: (admin: CurrentUser, tx: Transaction) => Promise<T>,
  holding: { changesAdmins?: boolean } = {},
): Promise<T> {
  const admin = requireAdmin(request);
  return inCompany(db, admin.companyId, async (tx) => {
    await holdCompanyAdmins(tx, admin.companyId, holding);
    const [now] = await tx
      .select({ role: users.role })
      .from(users)
      .where(and(eq(users.companyId, admin.companyId), eq(users.id, admin.id)));
    if (!now) throw notSignedIn();
    if (now.role !== 'admin') throw notAnAdmin();
    return work(admin, tx);
  });
}
