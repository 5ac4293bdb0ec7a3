import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkOpportunityStageSchema } from '../../../domain/bulk.ts';
import {
  opportunityInputSchema,
  opportunityListQuerySchema,
  opportunityPatchSchema,
  opportunityPipelineSchema,
  opportunitySchema,
} from '../../../domain/opportunities.ts';
import { requireUser } from '../../lib/guards.ts';
import {
  companyBulk,
  companyCreate,
  companyDelete,
  companyExport,
  companyList,
  companyRecord,
  companyUpdate,
} from '../../lib/replies.ts';
import {
  bulkDeleteRouteSchema,
  bulkSchema,
  createSchema,
  deleteSchema,
  errorBodySchema,
  exportSchema,
  listSchema,
  readSchema,
  recordErrors,
  updateSchema,
  withVersion,
} from '../../lib/schemas.ts';
import { createOpportunitiesRepository } from './opportunities.repository.ts';

const tags = ['opportunities'];

export const opportunitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const opportunities = createOpportunitiesRepository(app.db);

  app.get(
    '/opportunities',
    {
      schema: {
        tags,
        summary: 'List opportunities, soonest expected close first',
        ...listSchema(opportunityListQuerySchema, opportunitySchema, recordErrors),
      },
    },
    companyList(opportunities.list),
  );

  app.get(
    '/opportunities/export',
    { schema: { tags, ...exportSchema('opportunities', opportunityListQuerySchema) } },
    companyExport('opportunities', opportunities.exportCsv),
  );

  app.get(
    '/opportunities/pipeline',
    {
      schema: {
        tags,
        summary: 'The opportunity pipeline: count and total amount per stage',
        response: { 200: opportunityPipelineSchema, 401: errorBodySchema },
      },
    },
    async (request) => opportunities.pipeline(requireUser(request).companyId),
  );

  app.get(
    '/opportunities/:id',
    { schema: { tags, summary: 'One opportunity', ...readSchema(opportunitySchema) } },
    companyRecord('Opportunity', opportunities.get),
  );

  app.post(
    '/opportunities',
    {
      schema: {
        tags,
        summary: "Create an opportunity (probability defaults to the stage's)",
        ...createSchema(opportunityInputSchema, opportunitySchema, recordErrors),
      },
    },
    companyCreate(opportunities.create),
  );

  app.patch(
    '/opportunities/:id',
    {
      schema: {
        tags,
        summary:
          "Update an opportunity (fields left out keep their value; null clears probability or notes; a new stage without a probability sets the stage's default)",
        ...withVersion(updateSchema(opportunityPatchSchema, opportunitySchema)),
      },
    },
    companyUpdate('Opportunity', opportunities),
  );

  app.post(
    '/opportunities/bulk-delete',
    { schema: { tags, ...bulkDeleteRouteSchema('opportunities') } },
    companyBulk((companyId, body) => opportunities.removeMany(companyId, body.ids)),
  );

  app.post(
    '/opportunities/bulk-stage',
    {
      schema: {
        tags,
        summary:
          "Set the stage of many opportunities at once, in one transaction (ids of another company's opportunities are left out); each that changes stage gets the stage's default probability",
        ...bulkSchema(bulkOpportunityStageSchema),
      },
    },
    companyBulk((companyId, body) => opportunities.setStage(companyId, body.ids, body.stage)),
  );

  app.delete(
    '/opportunities/:id',
    { schema: { tags, summary: 'Delete an opportunity', ...withVersion(deleteSchema()) } },
    companyDelete('Opportunity', opportunities),
  );
};
