import type { FastifyReply } from 'fastify';
import { tooManyAttempts } from '../../plugins/attempt-throttle.ts';
import type { AuthRepository } from './auth.repository.ts';

/** At most 10 failed sign-ins per 15 minutes, per account and per address. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Refuses a sign-in attempt (429) before any password is checked, by these rules:
 *
 * - From an address the account has signed in from before, only the failures of this account
 *   at this address count. Failures of other names there, or of this account elsewhere, never
 *   lock its owner out of their usual devices, even when every user shares one address (a
 *   reverse proxy without TRUST_PROXY); the per-pair limit still stops guessing this account's
 *   password from that address.
 * - From any other address, the address's failures, the pair's and the account's all count. So
 *   an address spraying made-up names is held back for every name it has not signed in with
 *   before. A real user signing in from that address for the first time is held back too, until
 *   the address's failures leave the 15-minute window: nothing tells them from the attacker.
 */
export async function requireLoginAllowed(
  auth: AuthRepository,
  reply: FastifyReply,
  usernameKey: string,
  address: string,
) {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const failures = await auth.loginFailures(usernameKey, address, since);
  const blocking = failures.knownAddress
    ? [failures.pair]
    : [failures.address, failures.pair, failures.account];
  const over = blocking.filter((f) => f.count >= LOGIN_FAILURE_LIMIT && f.oldest);
  if (over.length === 0) return;
  // The block lifts when the oldest failure that counts leaves the window.
  const liftsAt = Math.max(...over.map((f) => (f.oldest?.getTime() ?? 0) + LOGIN_WINDOW_MS));
  throw tooManyAttempts(reply, liftsAt, 'sign-in attempts');
}
