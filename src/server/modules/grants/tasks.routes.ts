import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bulkTaskAssigneeSchema, bulkTaskStatusSchema } from '../../../domain/bulk.ts';
import { grantIdParams, grantTaskParams } from '../../../domain/common.ts';
import {
  boardTaskSchema,
  listedTaskSchema,
  taskBoardQuerySchema,
  taskInputSchema,
  taskPatchSchema,
  taskSchema,
} from '../../../domain/grants.ts';
import { exportQuerySchema } from '../../../domain/lists.ts';
import { requireAssignee } from '../../accounts/members.ts';
import { inCompany } from '../../db/scope.ts';
import { requireFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import {
  changeIfUnchanged,
  companyBulk,
  companyExport,
  deleteIfUnchanged,
} from '../../lib/replies.ts';
import {
  bulkDeleteRouteSchema,
  bulkSchema,
  createSchema,
  inputErrors,
  listSchema,
  recordErrors,
  withVersion,
} from '../../lib/schemas.ts';
import { createTasksRepository } from './tasks.repository.ts';

const tags = ['tasks'];
const taskExportQuerySchema = exportQuerySchema(taskBoardQuerySchema);

export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tasks = createTasksRepository(app.db);

  app.get(
    '/tasks',
    {
      schema: {
        tags,
        summary:
          "The tasks board: the company's tasks with their grant's and their assignee's names, by grant, name, due window and assignee (assignee=me: the signed-in user's own); 2,000 at most, soonest due first",
        ...listSchema(taskBoardQuerySchema, boardTaskSchema, inputErrors),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { assignee, ...filters } = request.query;
      const assigneeId = assignee === 'me' ? user.id : undefined;
      return tasks.listBoard(user.companyId, { ...filters, assigneeId }, new Date());
    },
  );

  app.get(
    '/tasks/export',
    {
      schema: {
        tags,
        summary:
          'Export the tasks the board shows for the same filters as CSV, with their grant and assignee by name',
        querystring: taskExportQuerySchema,
        produces: ['text/csv'],
        response: inputErrors,
      },
    },
    companyExport(
      'tasks',
      (companyId, query: z.infer<typeof taskExportQuerySchema>, { user, signal }) => {
        const { assignee, ...filters } = query;
        const assigneeId = assignee === 'me' ? user.id : undefined;
        return tasks.exportCsv(companyId, { ...filters, assigneeId }, new Date(), { signal });
      },
    ),
  );

  app.post(
    '/tasks/bulk-delete',
    { schema: { tags, ...bulkDeleteRouteSchema('tasks') } },
    companyBulk((companyId, body) => tasks.removeMany(companyId, body.ids)),
  );

  app.post(
    '/tasks/bulk-status',
    {
      schema: {
        tags,
        summary:
          "Set the status of many tasks at once, in one transaction (ids of another company's tasks are left out)",
        ...bulkSchema(bulkTaskStatusSchema),
      },
    },
    companyBulk((companyId, body) =>
      tasks.updateMany(companyId, body.ids, { status: body.status }),
    ),
  );

  app.post(
    '/tasks/bulk-assign',
    {
      schema: {
        tags,
        summary:
          "Give many tasks to one member of the organization (assigneeId) or to nobody (null), in one transaction (ids of another company's tasks are left out)",
        ...bulkSchema(bulkTaskAssigneeSchema),
      },
    },
    companyBulk((companyId, { ids, assigneeId }) =>
      inCompany(app.db, companyId, async (tx) => {
        await requireAssignee(tx, companyId, assigneeId);
        return tasks.updateMany(companyId, ids, { assigneeId }, tx);
      }),
    ),
  );

  app.get(
    '/grants/:grantId/tasks',
    {
      schema: {
        tags,
        summary: "The tasks of one grant, each with its assignee's name",
        params: grantIdParams,
        response: { 200: z.array(listedTaskSchema), ...recordErrors },
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
        summary:
          'Add a task to a grant (status defaults to pending; assigneeId, when given, is a member of the organization)',
        params: grantIdParams,
        ...createSchema(taskInputSchema, taskSchema, recordErrors),
      },
    },
    async (request, reply) => {
      const { companyId } = requireUser(request);
      const task = await inCompany(app.db, companyId, async (tx) => {
        await requireAssignee(tx, companyId, request.body.assigneeId);
        return tasks.create(companyId, request.params.grantId, request.body, tx);
      });
      return reply.code(201).send(requireFound(task, 'Grant'));
    },
  );

  app.patch(
    '/grants/:grantId/tasks/:taskId',
    {
      schema: {
        tags,
        summary:
          'Update a task: a status alone, or the whole form (fields left out keep their value; null clears assigneeId)',
        params: grantTaskParams,
        ...withVersion({ body: taskPatchSchema, response: { 200: taskSchema, ...recordErrors } }),
      },
    },
    async (request, reply) => {
      const { grantId, taskId } = request.params;
      const task = await changeIfUnchanged(
        request,
        reply,
        'Task',
        (companyId, tx) => tasks.lockVersion(companyId, grantId, taskId, tx),
        (companyId, tx) => tasks.update(companyId, grantId, taskId, request.body, tx),
        // The assignee before the task, as a member's removal takes them (the member, then
        // their work, unassigned).
        { first: (companyId, tx) => requireAssignee(tx, companyId, request.body.assigneeId) },
      );
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
        ...withVersion({ response: { 204: z.null(), ...recordErrors } }),
      },
    },
    async (request, reply) => {
      const { grantId, taskId } = request.params;
      return deleteIfUnchanged(
        request,
        reply,
        'Task',
        (companyId, tx) => tasks.lockVersion(companyId, grantId, taskId, tx),
        (companyId, tx) => tasks.remove(companyId, grantId, taskId, tx),
      );
    },
  );
};
