import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../domain/common.ts';
import {
  ALREADY_MEMBER,
  companyProfilePatchSchema,
  companyProfileSchema,
  createdInvitationSchema,
  INVITATION_VALID_DAYS,
  invitationInputSchema,
  invitationLinkSchema,
  invitationSchema,
  LAST_ADMIN,
  newUserSchema,
  OWN_PASSWORD_ELSEWHERE,
  resetPasswordSchema,
  roleChangeSchema,
  teamMemberSchema,
} from '../../../domain/company.ts';
import { actAsAdmin } from '../../accounts/members.ts';
import { allowIdle } from '../../db/scope.ts';
import { clientOf } from '../../lib/client-address.ts';
import { AppError, fieldRefusal, notFound, requireFound } from '../../lib/errors.ts';
import { adminsOnly, requireAdmin, requireUser, stillSignedIn } from '../../lib/guards.ts';
import { MAIL_SEND_MAX_MS } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import {
  deleteSchema,
  errorBodySchema,
  restrictedRecordErrors,
  updateSchema,
} from '../../lib/schemas.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { createCompanyRepository } from './company.repository.ts';
import { invitationEmail } from './invitation-email.ts';

const tags = ['organization'];
const DAY_MS = 24 * 60 * 60 * 1000;
const ALREADY_INVITED = 'An invitation to this email address is already pending.';

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const company = createCompanyRepository(app.db);

  /** A new acceptance link. It comes from APP_URL alone, never from the request's Host header. */
  const newInvitationLink = () => {
    const token = newToken();
    const url = new URL('/accept-invitation', app.config.appUrl);
    url.searchParams.set('token', token);
    const expiresAt = new Date(Date.now() + INVITATION_VALID_DAYS * DAY_MS);
    return { token, link: url.href, expiresAt };
  };

  app.get(
    '/organization',
    {
      schema: {
        tags,
        summary: "The signed-in user's organization",
        response: { 200: companyProfileSchema, ...restrictedRecordErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return requireFound(await company.profile(user.companyId), 'Organization');
    },
  );

  app.patch(
    '/organization',
    {
      preValidation: adminsOnly,
      schema: {
        tags,
        summary:
          "Update the organization's profile (admins; fields left out keep their value; null clears industry, website or address)",
        body: companyProfilePatchSchema,
        response: { 200: companyProfileSchema, ...restrictedRecordErrors },
      },
    },
    async (request) => {
      const profile = await actAsAdmin(app.db, request, (admin, tx) =>
        company.updateProfile(admin.companyId, request.body, tx),
      );
      return requireFound(profile, 'Organization');
    },
  );

  app.get(
    '/organization/users',
    {
      schema: {
        tags,
        summary: "The organization's users (every member may read them: names for assignees)",
        response: { 200: z.array(teamMemberSchema), ...restrictedRecordErrors },
      },
    },
    async (request) => company.members(requireUser(request).companyId),
  );

  app.post(
    '/organization/users',
    {
      preValidation: adminsOnly,
      schema: {
        tags,
        summary: 'Add a user to the organization (admins)',
        body: newUserSchema,
        response: { 201: teamMemberSchema, 409: errorBodySchema, ...restrictedRecordErrors },
      },
    },
    async (request, reply) => {
      const { password, ...member } = request.body;
      const passwordHash = await hashPassword(password, clientOf(request));
      const created = await actAsAdmin(app.db, request, (admin, tx) =>
        company.addMember(admin.companyId, member, passwordHash, tx),
      );
      if (created === 'already-member') throw fieldRefusal('CONFLICT', 'email', ALREADY_MEMBER);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/organization/users/:id',
    {
      preValidation: adminsOnly,
      schema: {
        tags,
        summary:
          'Remove a user (admins; not yourself, nor the last admin). Their sessions end; records stay.',
        ...deleteSchema({ 403: errorBodySchema, 409: errorBodySchema }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (id === requireAdmin(request).id) {
        throw new AppError('INVALID_INPUT', 'Cannot remove yourself');
      }
      const outcome = await actAsAdmin(
        app.db,
        request,
        (admin, tx) => company.removeMember(admin.companyId, id, tx),
        { changesAdmins: true },
      );
      if (outcome === false) throw notFound('User');
      // Reached when another admin removed this one at the same moment.
      if (outcome === 'last-admin') throw new AppError('CONFLICT', LAST_ADMIN);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/organization/users/:id',
    {
      preValidation: adminsOnly,
      schema: {
        tags,
        summary:
          "Change a member's role (admins; the organization keeps at least one admin, and an admin may step down while another remains)",
        ...updateSchema(roleChangeSchema, teamMemberSchema, {
          403: errorBodySchema,
          409: errorBodySchema,
        }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const outcome = await actAsAdmin(
        app.db,
        request,
        (admin, tx) => company.setRole(admin.companyId, id, request.body.role, tx),
        { changesAdmins: true },
      );
      if (outcome === 'last-admin') throw new AppError('CONFLICT', LAST_ADMIN);
      return requireFound(outcome, 'User');
    },
  );

  app.post(
    '/organization/users/reset-password',
    {
      preValidation: adminsOnly,
      schema: {
        tags,
        summary:
          "Set a user's password (admins). Their sessions end, and their calendar address stops working.",
        body: resetPasswordSchema,
        response: { 200: z.object({ message: z.string() }), ...restrictedRecordErrors },
      },
    },
    async (request) => {
      const { userId, newPassword } = request.body;
      if (userId === requireAdmin(request).id) {
        throw new AppError('INVALID_INPUT', OWN_PASSWORD_ELSEWHERE);
      }
      const passwordHash = await hashPassword(newPassword, clientOf(request));
      const done = await actAsAdmin(app.db, request, (admin, tx) =>
        company.resetPassword(admin.companyId, userId, passwordHash, tx),
      );
      if (!done) throw notFound('User');
      return { message: 'Password reset' };
    },
  );

  app.get(
    '/organization/invitations',
    {
      preValidation: adminsOnly,
      schema: {
        tags,
        summary: 'Pending invitations (admins)',
        response: { 200: z.array(invitationSchema), ...restrictedRecordErrors },
      },
    },
    async (request) => company.pendingInvitations(requireAdmin(request).companyId),
  );

  app.post(
    '/organization/invitations',
    {
      preValidation: adminsOnly,
      schema: {
        tags,
        summary: 'Invite someone by email (admins; not a member, nor an address already invited)',
        body: invitationInputSchema,
        response: {
          201: createdInvitationSchema,
          409: errorBodySchema,
          502: errorBodySchema,
          ...restrictedRecordErrors,
        },
      },
    },
    async (request, reply) => {
      const { token, link, expiresAt } = newInvitationLink();
      // Saved and emailed in one transaction: when the email cannot be sent, nobody was invited.
      // In one of the mailer's turns, taken before the transaction begins.
      const invitation = await app.mailer.inTurn(requireAdmin(request).companyId, () =>
        actAsAdmin(app.db, request, async (admin, tx) => {
          const created = stillSignedIn(
            await company.createInvitation(
              admin.companyId,
              admin.id,
              request.body,
              hashToken(token),
              expiresAt,
              tx,
            ),
          );
          if (created === 'already-member') {
            throw fieldRefusal('CONFLICT', 'email', ALREADY_MEMBER);
          }
          if (created === 'already-invited') {
            throw fieldRefusal('CONFLICT', 'email', ALREADY_INVITED);
          }
          if (!app.mailer.delivers) return created;
          // The transaction waits on the mail server: PostgreSQL must not end it as idle meanwhile.
          await allowIdle(tx, MAIL_SEND_MAX_MS + 5_000);
          try {
            await app.mailer.send(
              invitationEmail({
                to: created.email,
                inviteeName: created.name,
                inviterName: admin.name,
                companyName: admin.companyName,
                role: created.role,
                link,
                expiresAt,
              }),
            );
          } catch (error) {
            request.log.error({ err: error }, 'invitation email failed');
            throw new AppError(
              'UPSTREAM_FAILED',
              'The invitation email could not be sent. Please try again later.',
            );
          }
          return created;
        }),
      );
      // Without a mail server, the admin passes the link on themselves.
      if (!app.mailer.delivers) {
        return reply.code(201).send({ ...invitation, emailed: false, previewUrl: link });
      }
      return reply.code(201).send({ ...invitation, emailed: true });
    },
  );

  app.post(
    '/organization/invitations/:id/link',
    {
      preValidation: adminsOnly,
      schema: {
        tags,
        summary:
          'A new link for a pending invitation (admins): the link sent before stops working, and the new one works for the full period',
        params: idParams,
        response: { 200: invitationLinkSchema, ...restrictedRecordErrors },
      },
    },
    async (request) => {
      const { token, link, expiresAt } = newInvitationLink();
      const renewed = await actAsAdmin(app.db, request, (admin, tx) =>
        company.renewInvitationLink(
          admin.companyId,
          request.params.id,
          hashToken(token),
          expiresAt,
          tx,
        ),
      );
      if (!renewed) throw notFound('Invitation');
      return { link, expiresAt: expiresAt.toISOString() };
    },
  );

  app.delete(
    '/organization/invitations/:id',
    {
      preValidation: adminsOnly,
      schema: {
        tags,
        summary: 'Cancel a pending invitation (admins)',
        ...deleteSchema({ 403: errorBodySchema }),
      },
    },
    async (request, reply) => {
      const cancelled = await actAsAdmin(app.db, request, (admin, tx) =>
        company.cancelInvitation(admin.companyId, request.params.id, tx),
      );
      if (!cancelled) {
        throw notFound('Invitation');
      }
      return reply.code(204).send(null);
    },
  );
};
