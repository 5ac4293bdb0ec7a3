import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../../domain/dashboard.ts';
import { requireUser } from '../../lib/guards.ts';
import { errorBodySchema } from '../../lib/schemas.ts';
import { createDashboardRepository } from './dashboard.repository.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = createDashboardRepository(app.db);
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Counts, the next five grant deadlines and the five latest interactions',
        response: { 200: dashboardSchema, 401: errorBodySchema },
      },
    },
    async (request) => dashboard.get(requireUser(request).companyId),
  );
};
