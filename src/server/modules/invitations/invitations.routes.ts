import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALREADY_MEMBER,
  acceptInvitationSchema,
  invitationLookupSchema,
} from '../../../domain/company.ts';
import { clientOf } from '../../lib/client-address.ts';
import { AppError, notFound, requireFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { errorBodySchema } from '../../lib/schemas.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createThrottle } from '../auth/throttle.ts';
import { createInvitationsRepository } from './invitations.repository.ts';

const tags = ['invitations'];

/** Public: the invitee has no account yet, only the token from their email. */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const invitations = createInvitationsRepository(app.db);
  // Tokens are unguessable; the limit keeps a guesser (or a username prober) slow all the same.
  const throttle = createThrottle(app.db);

  app.get(
    '/invitations/:token',
    {
      schema: {
        tags,
        summary: 'What an invitation link offers: its status, the company and the role',
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: invitationLookupSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const invitation = await invitations.lookup(hashToken(request.params.token));
      return requireFound(invitation, 'Invitation');
    },
  );

  app.post(
    '/invitations/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation: creates the account in the inviting company',
        body: acceptInvitationSchema,
        response: {
          201: z.object({ message: z.string() }),
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { token, username, password } = request.body;
      await throttle.run(request, reply, { action: 'accept-invitation' }, async () => {
        // The link is checked before the password is hashed: a dead link costs no argon2 time.
        const invitation = await invitations.find(hashToken(token));
        if (!invitation) throw notFound('Invitation');
        if (invitation.status !== 'pending') {
          throw new AppError('CONFLICT', `This invitation has already been ${invitation.status}.`);
        }
        const outcome = await invitations.accept(
          invitation,
          username,
          await hashPassword(password, clientOf(request)),
        );
        if (outcome === 'already-member') throw new AppError('CONFLICT', ALREADY_MEMBER);
        if (outcome === 'link-renewed') throw notFound('Invitation');
        if (outcome !== 'accepted') {
          throw new AppError('CONFLICT', `This invitation has already been ${outcome.no}.`);
        }
      });
      return reply.code(201).send({ message: 'You have joined the organization. Please log in.' });
    },
  );
};
