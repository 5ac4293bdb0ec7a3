import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../domain/common.ts';
import {
  interactionInputSchema,
  interactionListQuerySchema,
  interactionPatchSchema,
  interactionSchema,
} from '../../../domain/interactions.ts';
import { TOTAL_COUNT_HEADER } from '../../../domain/lists.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import { errorBodySchema } from '../../lib/schemas.ts';
import { createInteractionsRepository } from './interactions.repository.ts';

const tags = ['interactions'];

export const interactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const interactions = createInteractionsRepository(app.db);

  app.get(
    '/interactions',
    {
      schema: {
        tags,
        summary: 'List interactions, newest first (optionally of one contact)',
        querystring: interactionListQuerySchema,
        response: { 200: z.array(interactionSchema), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { rows, total } = await interactions.list(user.companyId, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return rows;
    },
  );

  app.get(
    '/interactions/:id',
    {
      schema: {
        tags,
        summary: 'One interaction',
        params: idParams,
        response: { 200: interactionSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const interaction = await interactions.get(user.companyId, request.params.id);
      if (!interaction) throw notFound('Interaction');
      return interaction;
    },
  );

  app.post(
    '/interactions',
    {
      schema: {
        tags,
        summary: 'Log an interaction with a contact',
        body: interactionInputSchema,
        response: { 201: interactionSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.code(201).send(await interactions.create(user.companyId, request.body));
    },
  );

  app.patch(
    '/interactions/:id',
    {
      schema: {
        tags,
        summary: 'Update an interaction (fields left out keep their value)',
        params: idParams,
        body: interactionPatchSchema,
        response: {
          200: interactionSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const interaction = await interactions.update(
        user.companyId,
        request.params.id,
        request.body,
      );
      if (!interaction) throw notFound('Interaction');
      return interaction;
    },
  );

  app.delete(
    '/interactions/:id',
    {
      schema: {
        tags,
        summary: 'Delete an interaction',
        params: idParams,
        response: { 204: z.null(), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await interactions.remove(user.companyId, request.params.id))) {
        throw notFound('Interaction');
      }
      return reply.code(204).send(null);
    },
  );
};
