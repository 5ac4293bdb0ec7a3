import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALREADY_MEMBER,
  acceptInvitationSchema,
  type InvitationStatus,
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

/** What an acceptance sends: the link's token, and the new account's username and password. */
type Acceptance = z.output<typeof acceptInvitationSchema>;

/** Public: the invitee has no account yet, only the token from their email. */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const invitations = createInvitationsRepository(app.db);
  // Tokens are unguessable; the limit keeps a guesser (or a username prober) slow all the same.
  const throttle = createThrottle(app.db);

  /**
   * Joins the company through the link of `token`, as an attempt the throttle counts: null, or
   * the status of a real link no longer open (already accepted, or expired), answered but not
   * thrown, so not a failed attempt: no guesser gets that answer (it comes to a double submit,
   * a page sent again), and it costs a password hash only while the link was still open, once
   * for each attempt then under way. What leaves the link open (a taken username, an address
   * already a member) is thrown, a failure, or one link would buy password hashes without end.
   */
  const acceptLink = async (
    { token, username, password }: Acceptance,
    client: string,
  ): Promise<InvitationStatus | null> => {
    // The link is checked before the password is hashed: a dead link costs no argon2 time.
    const invitation = await invitations.find(hashToken(token));
    if (!invitation) throw notFound('Invitation');
    if (invitation.status !== 'pending') return invitation.status;
    const passwordHash = await hashPassword(password, client);
    const outcome = await invitations.accept(invitation, username, passwordHash);
    if (outcome === 'already-member') throw new AppError('CONFLICT', ALREADY_MEMBER);
    if (outcome === 'link-renewed') throw notFound('Invitation');
    // Not accepted: the link closed meanwhile (another submit of it got there first).
    return outcome === 'accepted' ? null : outcome.no;
  };

  app.get(
    '/invitations/:token',
    {
      config: { public: true },
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
      config: { public: true },
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
      const closed = await throttle.run(request, reply, { action: 'accept-invitation' }, () =>
        acceptLink(request.body, clientOf(request)),
      );
      if (closed !== null) {
        throw new AppError('CONFLICT', `This invitation has already been ${closed}.`);
      }
      return reply.code(201).send({ message: 'You have joined the organization. Please log in.' });
    },
  );
};
