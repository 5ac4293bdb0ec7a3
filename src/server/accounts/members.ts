import { and, eq, sql } from 'drizzle-orm';
import { ASSIGNEE_NOT_MEMBER } from '../../domain/common.ts';
import type { Transaction } from '../db/client.ts';
import { holdCompanyRow } from '../db/rows.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';

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
    throw new AppError('INVALID_INPUT', ASSIGNEE_NOT_MEMBER, [
      { path: 'assigneeId', message: ASSIGNEE_NOT_MEMBER },
    ]);
  }
}

/** Advisory lock class of a company's members' addresses (the two-key form, as the throttle's). */
const MEMBER_EMAIL_LOCK_CLASS = 727_004;

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
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${MEMBER_EMAIL_LOCK_CLASS}, hashtext(${`${companyId}:${email.toLowerCase()}`}))`,
  );
  const [member] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), sql`lower(${users.email}) = lower(${email})`));
  return member !== undefined;
}
