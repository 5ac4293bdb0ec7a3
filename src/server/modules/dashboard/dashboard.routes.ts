import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema } from '../../../domain/dashboard.ts';
import { requireUser } from '../../lib/guards.ts';
import { inputErrors } from '../../lib/schemas.ts';
import { createDashboardRepository } from './dashboard.repository.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = createDashboardRepository(app.db);
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          "Counts, the next five grant deadlines, the five latest interactions, and the tasks due in the next 14 days and overdue (days counted in the time zone `tz`, UTC when left out; assignee=me: only the signed-in user's tasks and requirements)",
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...inputErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { tz, assignee } = request.query;
      return dashboard.get(user.companyId, {
        timeZone: tz ?? 'UTC',
        assigneeId: assignee === 'me' ? user.id : undefined,
      });
    },
  );
};
