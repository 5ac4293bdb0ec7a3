import { sql } from 'drizzle-orm';
import type { Role } from '../../domain/company.ts';
import type { Database, Transaction } from '../db/client.ts';
import { violatesConstraint } from '../db/errors.ts';
import { users } from '../db/schema.ts';
import { beforeCompanyIsKnown } from '../db/scope.ts';
import { AppError } from '../lib/errors.ts';

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
 * company (row-level security) and could not tell. A taken username is a 409, and the caller's
 * transaction, which the failed insert has ended, rolls back whole.
 */
export async function createUser(tx: Transaction, values: NewUser): Promise<{ id: number }> {
  try {
    const [user] = await tx.insert(users).values(values).returning({ id: users.id });
    if (!user) throw new Error('user insert returned no row');
    return user;
  } catch (error) {
    if (violatesConstraint(error, USERNAME_KEY)) throw new AppError('CONFLICT', USERNAME_TAKEN);
    throw error;
  }
}

/** The account a username signs in to, whichever company it is in (any case of the name). */
export async function findLogin(db: Database, username: string) {
  const [row] = await beforeCompanyIsKnown(db, (tx) =>
    tx
      .select({ id: users.id, companyId: users.companyId, passwordHash: users.passwordHash })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`),
  );
  return row ?? null;
}
