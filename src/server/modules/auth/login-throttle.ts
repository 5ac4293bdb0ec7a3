import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { AuthRepository } from './auth.repository.ts';

/** At most 10 failed sign-ins per 15 minutes, per account and per address. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Refuses a sign-in attempt (429) when the address, or this address for this account, has failed
 * too often; or when the account has, unless the address is one the account has signed in from
 * before. So an attacker elsewhere can slow an account down but never lock its owner out of
 * their usual devices.
 */
export async function requireLoginAllowed(
  auth: AuthRepository,
  reply: FastifyReply,
  usernameKey: string,
  address: string,
) {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const failures = await auth.loginFailures(usernameKey, address, since);
  const blocking = [failures.address, failures.pair];
  if (!failures.knownAddress) blocking.push(failures.account);
  const over = blocking.filter((f) => f.count >= LOGIN_FAILURE_LIMIT && f.oldest);
  if (over.length === 0) return;
  // The block lifts when the oldest failure that counts leaves the window.
  const liftsAt = Math.max(...over.map((f) => (f.oldest?.getTime() ?? 0) + LOGIN_WINDOW_MS));
  const minutes = Math.max(1, Math.ceil((liftsAt - Date.now()) / 60_000));
  reply.header('retry-after', String(minutes * 60));
  throw new AppError(
    'TOO_MANY_ATTEMPTS',
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}
