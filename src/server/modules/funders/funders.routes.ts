import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  funderDetailQuerySchema,
  funderDetailSchema,
  funderListQuerySchema,
  funderMergeSchema,
  funderPatchSchema,
  funderSchema,
} from '../../../domain/funders.ts';
import { actAsAdmin } from '../../accounts/members.ts';
import { AppError, fieldRefusal, notFound, requireFound } from '../../lib/errors.ts';
import { adminsOnly, requireUser } from '../../lib/guards.ts';
import { changeIfUnchanged, companyExport, companyList } from '../../lib/replies.ts';
import {
  deleteSchema,
  errorBodySchema,
  exportSchema,
  listSchema,
  readSchema,
  recordErrors,
  updateSchema,
  withVersion,
} from '../../lib/schemas.ts';
import { createFundersRepository } from './funders.repository.ts';

const tags = ['funders'];
const NAME_TAKEN =
  'Another funder already has this name: merge the two instead of renaming this one';
/** NAME_TAKEN as a member is told it: merging is for admins. */
const NAME_TAKEN_ASK_ADMIN =
  'Another funder already has this name: ask an administrator to merge the two instead of renaming this one';
const RENAMED_MEANWHILE =
  'Someone renamed this funder at the same moment, and nothing of your change was saved: read it again, then make your change.';
const STILL_NAMED =
  'Grants, opportunities or contacts still name this funder: merge it into another funder instead';
/** The funder chosen to merge into is not (or no longer) the company's. */
const NO_MERGE_TARGET =
  'The funder to merge into no longer exists (merged or deleted meanwhile): choose another';

export const fundersRoutes: FastifyPluginAsyncZod = async (app) => {
  const funders = createFundersRepository(app.db);

  app.get(
    '/funders',
    {
      schema: {
        tags,
        summary:
          'List funders: one for each organization name that grants, opportunities and contacts use',
        ...listSchema(funderListQuerySchema, funderSchema, recordErrors),
      },
    },
    companyList(funders.list),
  );

  app.get(
    '/funders/export',
    { schema: { tags, ...exportSchema('funders', funderListQuerySchema) } },
    companyExport('funders', funders.exportCsv),
  );

  app.get(
    '/funders/:id',
    {
      schema: {
        tags,
        summary:
          "One funder, its grants' figures, and its contacts, grants, opportunities, recent interactions and upcoming deadlines (from the start of today in the time zone `tz`, the organization's when left out)",
        ...readSchema(funderDetailSchema),
        querystring: funderDetailQuerySchema,
      },
    },
    async (request) =>
      requireFound(
        await funders.detail(requireUser(request).companyId, request.params.id, request.query.tz),
        'Funder',
      ),
  );

  app.patch(
    '/funders/:id',
    {
      schema: {
        tags,
        summary:
          'Update a funder (fields left out keep their value; null clears type, website or notes). A new name is given to every grant, opportunity and contact that carried the old one.',
        ...withVersion(updateSchema(funderPatchSchema, funderSchema, { 409: errorBodySchema })),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const updated = await changeIfUnchanged(
        request,
        reply,
        'Funder',
        (companyId, tx) => funders.lockVersion(companyId, id, tx, request.body.name),
        (companyId, tx) => funders.update(companyId, id, request.body, tx),
      );
      if (updated === 'name-taken') {
        const taken = requireUser(request).role === 'admin' ? NAME_TAKEN : NAME_TAKEN_ASK_ADMIN;
        throw fieldRefusal('CONFLICT', 'name', taken);
      }
      if (updated === 'renamed-meanwhile') throw new AppError('CONFLICT', RENAMED_MEANWHILE);
      return requireFound(updated, 'Funder');
    },
  );

  app.post(
    '/funders/:id/merge',
    {
      preValidation: adminsOnly,
      schema: {
        tags,
        summary:
          "Merge a funder into another (administrators): its grants, opportunities and contacts take the other's name, and it is removed; the kept funder's history shows the merge (action merged)",
        ...updateSchema(funderMergeSchema, funderSchema, { 403: errorBodySchema }),
      },
    },
    async (request) => {
      const merged = await actAsAdmin(app.db, request, (admin, tx) =>
        funders.merge(admin.companyId, request.params.id, request.body.intoId, tx),
      );
      if (merged === 'same-funder') {
        throw new AppError('INVALID_INPUT', 'A funder cannot be merged into itself');
      }
      if (merged === 'no-target') throw new AppError('NOT_FOUND', NO_MERGE_TARGET);
      return requireFound(merged, 'Funder');
    },
  );

  app.delete(
    '/funders/:id',
    {
      preValidation: adminsOnly,
      schema: {
        tags,
        summary:
          'Delete a funder that no grant, opportunity or contact names any more (administrators)',
        ...withVersion(deleteSchema({ 403: errorBodySchema, 409: errorBodySchema })),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const removed = await actAsAdmin(app.db, request, (_admin, within) =>
        changeIfUnchanged(
          request,
          reply,
          'Funder',
          (companyId, tx) => funders.lockVersion(companyId, id, tx, null),
          (companyId, tx) => funders.remove(companyId, id, tx),
          { within },
        ),
      );
      if (removed === 'in-use') throw new AppError('CONFLICT', STILL_NAMED);
      if (!removed) throw notFound('Funder');
      return reply.code(204).send(null);
    },
  );
};
