import { and, eq, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { insertRow } from '../../db/rows.ts';
import { knownLogins, throttleAttempts, type throttledActions } from '../../db/schema.ts';
import { beforeCompanyIsKnown } from '../../db/scope.ts';

export type ThrottledAction = (typeof throttledActions)[number];

/** One attempt at a throttled action: sign-ins name an account, the others only an address. */
type ThrottledAttempt =
  | { action: 'sign-in'; address: string; username: string }
  | { action: Exclude<ThrottledAction, 'sign-in'>; address: string };

/** How many attempts that count there are, and when the oldest of them was made. */
interface Tally {
  count: number;
  oldest: Date | null;
}

/** The attempts that count against an attempt, within the window. */
export interface Tallies {
  /** Of the same action, from the same address. */
  address: Tally;
  /** Sign-in only (else null): of the account from anywhere, and from this address. */
  account: Tally | null;
  pair: Tally | null;
  /** Sign-in only: whether the account has signed in from this address before. */
  knownAddress: boolean;
}

/**
 * Advisory lock class of the throttle: the two-key form keeps its keys apart from every
 * single-key lock (the migration lock among them).
 */
const THROTTLE_LOCK_CLASS = 727_002;

const t = throttleAttempts;

/**
 * The account a username names, as the key its attempts and known addresses are kept under.
 * It is PostgreSQL's lower() of the name composed (NFC), as the sign-in finds it and the unique
 * index on users compares it, so every spelling that signs in to an account counts against it:
 * JavaScript's toLowerCase differs ('İ' gives 'i' and U+0307, where lower() gives 'i'), and a
 * letter typed composed or not (ë, or e and U+0308) would each have doubled the guesses an
 * account allows.
 */
const accountOf = (username: string) => sql<string>`lower(${username.normalize('NFC')}::text)`;

function tallyOf(where: SQL) {
  return {
    count: sql<number>`count(*) FILTER (WHERE ${where})`.mapWith(Number),
    oldest: sql<Date | null>`min(${t.at}) FILTER (WHERE ${where})`.mapWith(t.at),
  };
}

export function createThrottleRepository(db: Database) {
  return {
    /**
     * Records `attempt` unless `refusal` finds the attempts already counted too many; returns
     * the new row's id, or what `refusal` answered. Attempts that count against each other are
     * serialised by advisory locks on their address and account (always taken in the same
     * order), so of attempts sent together each sees the ones before it.
     */
    admit<R>(
      attempt: ThrottledAttempt,
      since: Date,
      refusal: (tallies: Tallies) => R | null,
    ): Promise<{ id: number } | { refused: R }> {
      const username = attempt.action === 'sign-in' ? attempt.username : null;
      // Every attempt takes the account's lock before the address's, so none can hold a lock
      // that another holding its next one waits for.
      const locks = [sql`${`${attempt.action} address ${attempt.address}`}::text`];
      if (username !== null) {
        locks.unshift(sql`${`${attempt.action} account `}::text || ${accountOf(username)}`);
      }
      return beforeCompanyIsKnown(db, async (tx) => {
        for (const key of locks) {
          await tx.execute(
            sql`SELECT pg_advisory_xact_lock(${THROTTLE_LOCK_CLASS}, hashtext(${key}))`,
          );
        }
        const fromAddress = eq(t.address, attempt.address);
        const ofAccount = username === null ? sql`false` : eq(t.usernameKey, accountOf(username));
        const [row] = await tx
          .select({
            address: tallyOf(fromAddress),
            account: tallyOf(ofAccount),
            pair: tallyOf(sql`${fromAddress} AND ${ofAccount}`),
          })
          .from(t)
          .where(and(eq(t.action, attempt.action), gt(t.at, since), or(fromAddress, ofAccount)));
        const [known] =
          username === null
            ? []
            : await tx
                .select({ usernameKey: knownLogins.usernameKey })
                .from(knownLogins)
                .where(
                  and(
                    eq(knownLogins.usernameKey, accountOf(username)),
                    eq(knownLogins.address, attempt.address),
                  ),
                );
        const none = { count: 0, oldest: null };
        const refused = refusal({
          address: row?.address ?? none,
          account: username === null ? null : (row?.account ?? none),
          pair: username === null ? null : (row?.pair ?? none),
          knownAddress: known !== undefined,
        });
        if (refused !== null) return { refused };
        const usernameKey = username === null ? null : accountOf(username);
        const values = { action: attempt.action, address: attempt.address, usernameKey };
        return insertRow(tx, t, { id: t.id }, values);
      });
    },

    /** Takes back an attempt that does not count: one that succeeded, or failed on our side. */
    forget(id: number, within?: Transaction) {
      return beforeCompanyIsKnown(within ?? db, (tx) => tx.delete(t).where(eq(t.id, id)));
    },

    /** Clears the account's failed sign-ins: its owner has shown who they are another way. */
    clearSignIns(username: string, within?: Transaction) {
      return beforeCompanyIsKnown(within ?? db, (tx) =>
        tx.delete(t).where(and(eq(t.action, 'sign-in'), eq(t.usernameKey, accountOf(username)))),
      );
    },

    /** A sign-in clears the account's attempts and makes the address one of the account's own. */
    signedIn(username: string, address: string, within?: Transaction) {
      return beforeCompanyIsKnown(within ?? db, async (tx) => {
        await tx
          .delete(t)
          .where(and(eq(t.action, 'sign-in'), eq(t.usernameKey, accountOf(username))));
        await tx
          .insert(knownLogins)
          .values({ usernameKey: accountOf(username), address })
          .onConflictDoUpdate({
            target: [knownLogins.usernameKey, knownLogins.address],
            set: { lastSuccessAt: sql`now()` },
          });
      });
    },

    /** Deletes the attempts made at or before `before`: they no longer count. */
    purge(before: Date, within?: Transaction) {
      return beforeCompanyIsKnown(within ?? db, (tx) => tx.delete(t).where(lte(t.at, before)));
    },
  };
}
