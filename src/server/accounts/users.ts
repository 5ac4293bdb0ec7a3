import { and, eq, or, sql } from 'drizzle-orm';
import type { Role } from '../../domain/company.ts';
import type { Database, Transaction } from '../db/client.ts';
import { violatesConstraint } from '../db/errors.ts';
import { insertRow } from '../db/rows.ts';
import { companies, passwordResets, users } from '../db/schema.ts';
import { beforeCompanyIsKnown } from '../db/scope.ts';
import { fieldRefusal } from '../lib/errors.ts';
import { endSessions } from './sessions.ts';

// Accounts: the users who sign in and their sessions. Every module that adds a user (sign-up,
// a team member added by an admin, an accepted invitation) does it here, and the session plugin
// resolves cookies through ./sessions.ts.

const USERNAME_TAKEN = 'Username already exists';

/** The unique index on lower(username): sign-in is by username alone, across every company. */
const USERNAME_KEY = 'users_username_key';

interface NewUser {
  companyId: number;
  username: string;
  passwordHash: string;
  name: string;
  email: string;
  role: Role;
}

/**
 * Adds a user in the caller's transaction. Whether the username is taken is decided by the
 * unique index, which sees every company: a look-up first would see only the transaction's own
 * company (row-level security) and could not tell. A taken username is a 409 (naming the
 * `username` field), and the caller's
 * transaction, which the failed insert has ended, rolls back whole.
 */
export async function createUser(tx: Transaction, values: NewUser): Promise<{ id: number }> {
  try {
    return await insertRow(tx, users, { id: users.id }, values);
  } catch (error) {
    if (violatesConstraint(error, USERNAME_KEY)) {
      throw fieldRefusal('CONFLICT', 'username', USERNAME_TAKEN);
    }
    throw error;
  }
}

/**
 * A username as typed, or composed (NFC) as new usernames are kept: 'Zoe' and a combining
 * diaeresis finds 'Zoë' (any case of the name).
 */
const isUsername = (typed: string) =>
  sql`lower(${users.username}) IN (lower(${typed}), lower(${typed.normalize('NFC')}))`;

/** The account a username signs in to, whichever company it is in. */
export async function findLogin(db: Database, username: string) {
  const [row] = await beforeCompanyIsKnown(db, (tx) =>
    tx
      .select({ id: users.id, companyId: users.companyId, passwordHash: users.passwordHash })
      .from(users)
      .where(isUsername(username)),
  );
  return row ?? null;
}

/** The most accounts one address can name (it is not unique): more is no real person's case. */
const ACCOUNTS_PER_EMAIL_MAX = 10;

/**
 * The accounts a forgotten-password request names by username or by email address (any case),
 * whichever company they are in: an address can belong to accounts in several companies.
 */
export function findAccountsNamed(db: Database, usernameOrEmail: string) {
  const isEmail = sql`lower(${users.email}) = lower(${usernameOrEmail})`;
  return beforeCompanyIsKnown(db, (tx) =>
    tx
      .select({
        companyId: users.companyId,
        id: users.id,
        username: users.username,
        name: users.name,
        email: users.email,
        companyName: companies.name,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(or(isUsername(usernameOrEmail), isEmail))
      .orderBy(users.companyId, users.id)
      .limit(ACCOUNTS_PER_EMAIL_MAX),
  );
}

/**
 * Makes every forgotten-password link of the user stop working, in the caller's transaction of
 * their company: a new password, or a new email address, leaves no older link behind.
 */
export async function dropPasswordResets(
  tx: Transaction,
  account: { companyId: number; id: number },
) {
  await tx
    .delete(passwordResets)
    .where(
      and(eq(passwordResets.companyId, account.companyId), eq(passwordResets.userId, account.id)),
    );
}

/**
 * Sets a user's password in the caller's transaction of their company, ends their sessions, all
 * but `keepSession` (a token hash) when given, and their forgotten-password links. False when
 * there is no such user, or, given `replacing` (the hash of the password the user just typed as
 * their current one), when their password is no longer that one: an admin's reset or a reset
 * link saved meanwhile is not overwritten by a change checked against the password it replaced.
 */
export async function setPassword(
  tx: Transaction,
  account: { companyId: number; id: number },
  passwordHash: string,
  { keepSession, replacing }: { keepSession?: string; replacing?: string } = {},
): Promise<boolean> {
  const updated = await tx
    .update(users)
    .set({ passwordHash })
    .where(
      and(
        eq(users.companyId, account.companyId),
        eq(users.id, account.id),
        replacing === undefined ? undefined : eq(users.passwordHash, replacing),
      ),
    )
    .returning({ id: users.id });
  if (updated.length === 0) return false;
  await endSessions(tx, account.companyId, account.id, keepSession);
  await dropPasswordResets(tx, account);
  return true;
}
