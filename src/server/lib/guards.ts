import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../domain/auth.ts';
import { AppError } from './errors.ts';

/** The answer to a request without a session, or whose account has gone. */
export const notSignedIn = () => new AppError('UNAUTHENTICATED', 'Not signed in');

export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw notSignedIn();
  return request.currentUser;
}

/**
 * What a repository found of the signed-in user's own rows (their account, their company), or
 * null when an admin removed the account while the request was under way: the session ended
 * with it, so the answer is the one a request after the removal gets.
 */
export function stillSignedIn<T>(found: T | null): T {
  if (found === null) throw notSignedIn();
  return found;
}

/** The answer to a request only an admin may make, from a member who is not one. */
export const notAnAdmin = () => new AppError('FORBIDDEN', 'Only administrators can do this');

/**
 * The signed-in admin, as the session read them when the request began; an admin's change is
 * made as `actAsAdmin` (src/server/accounts/members.ts) checks them again.
 */
export function requireAdmin(request: FastifyRequest): CurrentUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw notAnAdmin();
  return user;
}

/**
 * A route's `preValidation` for what only admins may do: the signed-in member who is not one is
 * refused (403) before the body is looked at, so a plain user never learns what a valid one holds.
 */
export async function adminsOnly(request: FastifyRequest) {
  requireAdmin(request);
}

/**
 * The `preValidation` of every /api route: a caller who is not signed in is refused (401)
 * before the body is looked at, unless the route is open to them (`config.public`).
 */
export async function signedInUnlessPublic(request: FastifyRequest) {
  if (request.routeOptions.config.public !== true) requireUser(request);
}
