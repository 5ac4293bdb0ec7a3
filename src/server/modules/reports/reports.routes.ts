import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportsSchema } from '../../../domain/reports.ts';
import { requireUser } from '../../lib/guards.ts';
import { inputErrors } from '../../lib/schemas.ts';
import { createReportsRepository } from './reports.repository.ts';

const tags = ['reports'];

const reportsQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'Year must be a year from 1900 to 2200' })
    .int('Year must be a year from 1900 to 2200')
    .min(1900, 'Year must be a year from 1900 to 2200')
    .max(2200, 'Year must be a year from 1900 to 2200')
    .optional(),
});

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = createReportsRepository(app.db);

  app.get(
    '/reports',
    {
      schema: {
        tags,
        summary:
          'How the year is going: requested and awarded totals by status, by year and by funder, win rates, awards by month of `year` (this year when left out), deadlines by week',
        querystring: reportsQuerySchema,
        response: { 200: reportsSchema, ...inputErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const now = new Date();
      return reports.get(user.companyId, request.query.year ?? now.getUTCFullYear(), now);
    },
  );
};
