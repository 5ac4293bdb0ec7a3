import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { grantIdParams, grantTaskParams } from '../../../domain/common.ts';
import {
  boardTaskSchema,
  taskBoardQuerySchema,
  taskInputSchema,
  taskPatchSchema,
  taskSchema,
} from '../../../domain/grants.ts';
import { notFound, requireFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import { errorBodySchema, recordErrors } from '../../lib/schemas.ts';
import { createTasksRepository } from './tasks.repository.ts';

const tags = ['tasks'];

export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tasks = createTasksRepository(app.db);

  app.get(
    '/tasks',
    {
      schema: {
        tags,
        summary:
          "The tasks board: the company's tasks with their grant's name, by grant, name and due window",
        querystring: taskBoardQuerySchema,
        response: { 200: z.array(boardTaskSchema), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => tasks.listBoard(requireUser(request).companyId, request.query, new Date()),
  );

  app.get(
    '/grants/:grantId/tasks',
    {
      schema: {
        tags,
        summary: 'The tasks of one grant',
        params: grantIdParams,
        response: { 200: z.array(taskSchema), ...recordErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const list = await tasks.listForGrant(user.companyId, request.params.grantId);
      return requireFound(list, 'Grant');
    },
  );

  app.post(
    '/grants/:grantId/tasks',
    {
      schema: {
        tags,
        summary: 'Add a task to a grant (status defaults to pending)',
        params: grantIdParams,
        body: taskInputSchema,
        response: { 201: taskSchema, ...recordErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const task = await tasks.create(user.companyId, request.params.grantId, request.body);
      return reply.code(201).send(requireFound(task, 'Grant'));
    },
  );

  app.patch(
    '/grants/:grantId/tasks/:taskId',
    {
      schema: {
        tags,
        summary:
          'Update a task: a status alone, or the whole form (fields left out keep their value)',
        params: grantTaskParams,
        body: taskPatchSchema,
        response: { 200: taskSchema, ...recordErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { grantId, taskId } = request.params;
      const task = await tasks.update(user.companyId, grantId, taskId, request.body);
      return requireFound(task, 'Task');
    },
  );

  app.delete(
    '/grants/:grantId/tasks/:taskId',
    {
      schema: {
        tags,
        summary: 'Delete a task',
        params: grantTaskParams,
        response: { 204: z.null(), ...recordErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { grantId, taskId } = request.params;
      if (!(await tasks.remove(user.companyId, grantId, taskId))) throw notFound('Task');
      return reply.code(204).send(null);
    },
  );
};
