import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  endSession as endStoredSession,
  findSessionUser,
  startSession as storeSession,
} from '../accounts/sessions.ts';
import type { Transaction } from '../db/client.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

/** A session ends 7 days after sign-in, or after 12 hours without use, whichever comes first. */
const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;

/**
 * The session cookie's name. Over https it carries the `__Host-` prefix, so the browser only
 * accepts it Secure, for the whole site, from this very host.
 */
const sessionCookieName = (request: FastifyRequest) =>
  request.server.config.appUrl.protocol === 'https:'
    ? '__Host-grantwell_session'
    : 'grantwell_session';

/** The session token the request's Cookie header carries, if any. */
const sessionTokenOf = (request: FastifyRequest) =>
  request.headers.cookie
    ? parseCookie(request.headers.cookie)[sessionCookieName(request)]
    : undefined;

/**
 * Resolves the session cookie of every /api request into `request.currentUser`, once its body has
 * arrived, before it is checked and handled: a request whose body took a minute acts for its user as they
 * are then (an admin may have removed them meanwhile, or they signed out), not as they were when
 * it began. `request.userNow()` looks the session up again for work that writes long after that
 * (an import, once its file has arrived). The session is the only cookie: it is read from the
 * header here and written by startSession and endSession, with no cookie plugin hooking every
 * request and response.
 */
export const sessionPlugin = fp(
  async (app) => {
    app.decorateRequest('currentUser', null);
    app.decorateRequest('sessionTokenHash', null);
    app.decorateRequest('userNow', async function userNow(this: FastifyRequest) {
      const user =
        this.sessionTokenHash === null
          ? null
          : await findSessionUser(app.db, this.sessionTokenHash, SESSION_IDLE_MS);
      this.currentUser = user;
      return user;
    });
    // Before the body is checked: a change only admins may make is refused as such (adminsOnly)
    // whatever its body holds.
    app.addHook('preValidation', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const token = sessionTokenOf(request);
      if (!token) return;
      const tokenHash = hashToken(token);
      const user = await findSessionUser(app.db, tokenHash, SESSION_IDLE_MS);
      if (user) {
        request.currentUser = user;
        request.sessionTokenHash = tokenHash;
      }
    });
  },
  { name: 'session' },
);

/**
 * Starts a new session for the user (a fresh token at every sign-in) and sets its cookie; false,
 * with no session and no cookie, when the user has just been removed, or their password is no
 * longer the one the sign-in checked (`user.passwordHash`).
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: number; companyId: number; passwordHash?: string },
  within?: Transaction,
): Promise<boolean> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  const started = await storeSession(
    within ?? request.server.db,
    { companyId: user.companyId, userId: user.id, tokenHash: hashToken(token), expiresAt },
    SESSION_IDLE_MS,
    user.passwordHash,
  );
  if (!started) return false;
  reply.header(
    'set-cookie',
    stringifySetCookie(sessionCookieName(request), token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.server.config.appUrl.protocol === 'https:',
      expires: expiresAt,
    }),
  );
  return true;
}

export async function endSession(request: FastifyRequest, reply: FastifyReply) {
  const name = sessionCookieName(request);
  const token = sessionTokenOf(request);
  if (token) await endStoredSession(request.server.db, hashToken(token));
  reply.header(
    'set-cookie',
    stringifySetCookie(name, '', {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.server.config.appUrl.protocol === 'https:',
      expires: new Date(0),
    }),
  );
}
