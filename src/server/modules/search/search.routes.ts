import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { globalSearchQuerySchema, searchResultsSchema } from '../../../domain/search.ts';
import { requireUser } from '../../lib/guards.ts';
import { inputErrors } from '../../lib/schemas.ts';
import { createSearchRepository } from './search.repository.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const search = createSearchRepository(app.db);

  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary:
          "Search everything: the company's contacts, funders, grants, opportunities, interactions and tasks whose names (or notes) contain q, in any case; the first five of each kind",
        querystring: globalSearchQuerySchema,
        response: { 200: searchResultsSchema, ...inputErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { results: await search.everything(user.companyId, request.query.q) };
    },
  );
};
