import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { clientOf } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';
import {
  createThrottleRepository,
  type Tallies,
  type ThrottledAction,
} from './throttle.repository.ts';

/** At most 10 attempts that count per 15 minutes, by every rule below. */
const THROTTLE_LIMIT = 10;
const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

/** Completes "Too many …" in the 429 of each action. */
const described: Record<ThrottledAction, string> = {
  'sign-in': 'failed sign-in attempts',
  register: 'failed sign-up attempts',
  'accept-invitation': 'failed attempts to accept an invitation',
  'forgot-password': 'password reset requests',
  'reset-password': 'failed attempts to reset a password',
};

/**
 * Actions whose every attempt counts, not only its failures: a request for a reset link
 * succeeds whether or not an account matches (so it tells nobody which exist), and each one
 * may send an email.
 */
const everyAttemptCounts: ReadonlySet<ThrottledAction> = new Set(['forgot-password']);

/** What a throttled call says of itself; the address is the request's. */
type ThrottledCall =
  | { action: 'sign-in'; username: string }
  | { action: Exclude<ThrottledAction, 'sign-in'> };

/**
 * The attempts that hold this one back, by these rules:
 *
 * - Sign-up, invitation acceptance and a reset by emailed link (no password of an existing
 *   account is checked): the action's failures from the address. Successes do not count, so
 *   many people behind one shared address can still sign up; nor does the answer to a real
 *   invitation link already used or expired, which no guesser gets (invitations.routes.ts).
 * - A request for a reset link: every request from the address (see everyAttemptCounts). The
 *   account it names is held to a few emails an hour apart from this (password-reset.routes.ts),
 *   silently, as a refusal there would tell that the account exists.
 * - Sign-in, from an address the account has signed in from before: only the failures of this
 *   account at this address. Failures of other names there, or of this account elsewhere, never
 *   lock its owner out of their usual devices, even when every user shares one address (a
 *   reverse proxy without TRUST_PROXY); the per-pair limit still stops guessing this account's
 *   password from that address.
 * - Sign-in from any other address: the address's failures, the pair's and the account's. So an
 *   address spraying made-up names is held back for every name it has not signed in with
 *   before. A real user signing in from that address for the first time is held back too, until
 *   the address's failures leave the window: nothing tells them from the attacker.
 *
 * Attempts still under way count as failures until they succeed: otherwise requests sent
 * together would all pass before any of them failed.
 */
function blocking(tallies: Tallies) {
  const { address, account, pair, knownAddress } = tallies;
  if (account === null || pair === null) return [address];
  return knownAddress ? [pair] : [address, pair, account];
}

/** When the refusal lifts (epoch ms), or null when the attempt may go ahead. */
function refusal(tallies: Tallies): number | null {
  const over = blocking(tallies).filter((tally) => tally.count >= THROTTLE_LIMIT);
  if (over.length === 0) return null;
  // It lifts when the oldest attempt that counts leaves the window.
  return Math.max(...over.map((tally) => (tally.oldest?.getTime() ?? 0) + THROTTLE_WINDOW_MS));
}

/** The 429, with Retry-After, so a person and a client both learn when to come back. */
function tooManyAttempts(reply: FastifyReply, liftsAt: number, action: ThrottledAction) {
  const minutes = Math.max(1, Math.ceil((liftsAt - Date.now()) / 60_000));
  reply.header('retry-after', String(minutes * 60));
  return new AppError(
    'TOO_MANY_ATTEMPTS',
    `Too many ${described[action]}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/**
 * Throttling of the public calls that cost a password hash (sign-in, sign-up, acceptance, a reset
 * by link) or send an email (a request for a reset link).
 */
export function createThrottle(db: Database) {
  const attempts = createThrottleRepository(db);
  return {
    /**
     * Runs `work` as an attempt at `call` from the request's address, or refuses it (429)
     * before any work, argon2 hashing included. A refusal of the request (a 4xx AppError) is a
     * failure and keeps counting for the window; a success does not count (but for the actions
     * of everyAttemptCounts), and a sign-in's success clears the account's failures and makes
     * the address one of the account's own.
     */
    async run<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      call: ThrottledCall,
      work: () => Promise<T>,
    ): Promise<T> {
      const address = clientOf(request);
      const now = Date.now();
      const admitted = await attempts.admit(
        { ...call, address },
        new Date(now - THROTTLE_WINDOW_MS),
        refusal,
      );
      if ('refused' in admitted) throw tooManyAttempts(reply, admitted.refused, call.action);
      let result: T;
      try {
        result = await work();
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) {
          // Failures are rare next to sign-ins: a good moment to drop those past the window.
          await attempts.purge(new Date(now - THROTTLE_WINDOW_MS));
        } else {
          // Our failure is not the client's. The error is what the client must hear about, so
          // a failure to take the attempt back is only logged: it counts for the window.
          await attempts.forget(admitted.id).catch((forgetError: unknown) => {
            request.log.error({ err: forgetError }, 'could not take back a throttled attempt');
          });
        }
        throw error;
      }
      if (call.action === 'sign-in') await attempts.signedIn(call.username, address);
      else if (!everyAttemptCounts.has(call.action)) await attempts.forget(admitted.id);
      return result;
    },

    /**
     * A password reset by emailed link clears the account's failed sign-ins, so whoever guessed
     * at it before does not keep its owner out with the new password.
     */
    passwordReset(username: string) {
      return attempts.clearSignIns(username);
    },

    /** A new account signs in from where it was created: that address is its own. */
    signedIn(request: FastifyRequest, username: string) {
      return attempts.signedIn(username, clientOf(request));
    },
  };
}
