import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { createAuthRepository } from '../modules/auth/auth.repository.ts';

/** At most 10 failures per 15 minutes from one address, for each throttled action. */
export const ATTEMPT_FAILURE_LIMIT = 10;
export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;

/**
 * The 429 for a refusal that lifts at `liftsAt` (epoch ms), with Retry-After, so a person and a
 * client both learn when to come back. `what` completes "Too many failed …".
 */
export function tooManyAttempts(reply: FastifyReply, liftsAt: number, what: string): AppError {
  const minutes = Math.max(1, Math.ceil((liftsAt - Date.now()) / 60_000));
  reply.header('retry-after', String(minutes * 60));
  return new AppError(
    'TOO_MANY_ATTEMPTS',
    `Too many failed ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

export type ThrottledAction = 'register' | 'accept-invitation';

/**
 * Per-address throttling of a public call that takes no password of an existing account
 * (sign-up, invitation acceptance): refused answers (4xx) count as failures, and an address
 * with too many is answered 429 before any work, argon2 hashing included. Successes are not
 * counted, so many people behind one shared address can still sign up.
 */
export function createAttemptThrottle(db: Database, action: ThrottledAction, what: string) {
  const auth = createAuthRepository(db);
  return {
    /** Refuses (429) an address over the limit, else runs `work`, counting its refusal. */
    async run<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) {
      const since = new Date(Date.now() - ATTEMPT_WINDOW_MS);
      const failures = await auth.addressFailures(action, request.ip, since);
      if (failures.count >= ATTEMPT_FAILURE_LIMIT && failures.oldest) {
        throw tooManyAttempts(reply, failures.oldest.getTime() + ATTEMPT_WINDOW_MS, what);
      }
      try {
        return await work();
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) {
          await auth.recordAddressFailure(action, request.ip, since);
        }
        throw error;
      }
    },
  };
}
