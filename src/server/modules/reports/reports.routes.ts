import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryNumber } from '../../../domain/lists.ts';
import { REPORT_YEAR_MESSAGE, REPORT_YEARS } from '../../../domain/report-years.ts';
import { reportsSchema } from '../../../domain/reports.ts';
import { requireUser } from '../../lib/guards.ts';
import { inputErrors } from '../../lib/schemas.ts';
import { createReportsRepository } from './reports.repository.ts';

const tags = ['reports'];

const reportsQuerySchema = z.object({
  year: queryNumber(
    z
      .number({ error: REPORT_YEAR_MESSAGE })
      .int(REPORT_YEAR_MESSAGE)
      .min(REPORT_YEARS.first, REPORT_YEAR_MESSAGE)
      .max(REPORT_YEARS.last, REPORT_YEAR_MESSAGE),
  ).optional(),
});

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = createReportsRepository(app.db);

  app.get(
    '/reports',
    {
      schema: {
        tags,
        summary:
          'How the year is going: requested and awarded totals by status, by year and by funder, win rates, awards by month of `year` (when left out, the year it is where the organization is), deadlines by week',
        querystring: reportsQuerySchema,
        response: { 200: reportsSchema, ...inputErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return reports.get(user.companyId, request.query.year, new Date());
    },
  );
};
