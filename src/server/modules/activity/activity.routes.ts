import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityEntrySchema, activityQuerySchema } from '../../../domain/activity.ts';
import { requireAdmin, requireUser } from '../../lib/guards.ts';
import { withTotalCount } from '../../lib/replies.ts';
import { errorBodySchema, inputErrors } from '../../lib/schemas.ts';
import { createActivityRepository } from './activity.repository.ts';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const activity = createActivityRepository(app.db);

  app.get(
    '/activity',
    {
      schema: {
        tags: ['activity'],
        summary:
          "The history of a record (entity: contact, interaction, grant, task, requirement, opportunity or funder, and its id), or without them the company's latest changes (admins), newest first: who, when, what happened, and each changed field before and after. Entries cannot be changed.",
        querystring: activityQuerySchema,
        response: { 200: z.array(activityEntrySchema), ...inputErrors, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { companyId } = request.query.entity ? requireUser(request) : requireAdmin(request);
      return withTotalCount(reply, await activity.list(companyId, request.query));
    },
  );
};
