import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type CurrentUser,
  currentUserSchema,
  passwordChangeSchema,
  profileUpdateSchema,
} from '../../../domain/auth.ts';
import { ADDRESS_INVITED, ALREADY_MEMBER } from '../../../domain/company.ts';
import { PASSWORD_CHANGED } from '../../../domain/wording.ts';
import { clientOf } from '../../lib/client-address.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { notSignedIn, requireUser, stillSignedIn } from '../../lib/guards.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { errorBodySchema } from '../../lib/schemas.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createThrottle } from './throttle.ts';

const tags = ['auth'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };

const currentPasswordError = (message: string) =>
  fieldRefusal('INVALID_INPUT', 'currentPassword', message);

/** The signed-in user's own account: their name, email address and password. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthRepository(app.db);
  const throttle = createThrottle(app.db);

  /**
   * Checks the user's current password, and answers the hash it checked out against. It is a
   * sign-in by another door, so it counts against the same allowance: a stolen session cannot
   * guess its way to the password here either.
   */
  const confirmCurrentPassword = (
    request: FastifyRequest,
    reply: FastifyReply,
    user: CurrentUser,
    password: string | undefined,
  ) => {
    if (password === undefined) throw currentPasswordError('Current password is required');
    return throttle.run(
      request,
      reply,
      { action: 'sign-in', username: user.username },
      async () => {
        const passwordHash = await auth.passwordHashOf(user.companyId, user.id);
        // Removed by an admin meanwhile: the session has ended with the account.
        if (passwordHash === null) throw notSignedIn();
        if (!(await verifyPassword(passwordHash, password, clientOf(request)))) {
          throw currentPasswordError('Current password is incorrect');
        }
        return passwordHash;
      },
    );
  };

  app.patch(
    '/user',
    {
      schema: {
        tags,
        summary:
          "Change the signed-in user's own name or email address (fields left out keep their value; a new email address takes the current password, and is refused, 409, when another member has it or an invitation waits at it)",
        body: profileUpdateSchema,
        response: { 200: currentUserSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { currentPassword, ...changes } = request.body;
      // Reset links go to this address: whoever changes it must know the password.
      if (changes.email !== undefined && changes.email !== user.email) {
        await confirmCurrentPassword(request, reply, user, currentPassword);
      }
      const updated = await auth.updateProfile(user.companyId, user.id, changes);
      if (updated === 'already-member') throw fieldRefusal('CONFLICT', 'email', ALREADY_MEMBER);
      if (updated === 'invited') throw fieldRefusal('CONFLICT', 'email', ADDRESS_INVITED);
      return stillSignedIn(updated);
    },
  );

  app.post(
    '/user/password',
    {
      schema: {
        tags,
        summary:
          "Change the signed-in user's own password (the current one required). Their other sessions end; this one stays.",
        body: passwordChangeSchema,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { currentPassword, newPassword } = request.body;
      const from = await confirmCurrentPassword(request, reply, user, currentPassword);
      const changed = await auth.changePassword(user, {
        from,
        to: await hashPassword(newPassword, clientOf(request)),
        keepSession: request.sessionTokenHash ?? undefined,
      });
      // Removed by an admin meanwhile, or the password reset meanwhile (by an admin, a link, or
      // the user on another device): either ended this session, and the password stays as set.
      if (!changed) throw notSignedIn();
      return { message: PASSWORD_CHANGED };
    },
  );
};
