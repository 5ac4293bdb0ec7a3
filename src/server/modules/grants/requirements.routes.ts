import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { grantIdParams, grantRequirementParams } from '../../../domain/common.ts';
import {
  requirementInputSchema,
  requirementPatchSchema,
  requirementSchema,
} from '../../../domain/requirements.ts';
import { requireAssignee } from '../../accounts/members.ts';
import { inCompany } from '../../db/scope.ts';
import { requireFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import { changeIfUnchanged, deleteIfUnchanged } from '../../lib/replies.ts';
import { createSchema, recordErrors, withVersion } from '../../lib/schemas.ts';
import { createRequirementsRepository } from './requirements.repository.ts';

const tags = ['requirements'];

export const requirementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const requirements = createRequirementsRepository(app.db);

  app.get(
    '/grants/:grantId/requirements',
    {
      schema: {
        tags,
        summary: "A grant's requirements (reports, applications, site visits), soonest due first",
        params: grantIdParams,
        response: { 200: z.array(requirementSchema), ...recordErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const list = await requirements.listForGrant(user.companyId, request.params.grantId);
      return requireFound(list, 'Grant');
    },
  );

  app.post(
    '/grants/:grantId/requirements',
    {
      schema: {
        tags,
        summary:
          'Add a requirement to a grant (status defaults to pending; the assignee is a user of the company)',
        params: grantIdParams,
        ...createSchema(requirementInputSchema, requirementSchema, recordErrors),
      },
    },
    async (request, reply) => {
      const { companyId } = requireUser(request);
      const requirement = await inCompany(app.db, companyId, async (tx) => {
        await requireAssignee(tx, companyId, request.body.assigneeId);
        return requirements.create(companyId, request.params.grantId, request.body, tx);
      });
      return reply.code(201).send(requireFound(requirement, 'Grant'));
    },
  );

  app.patch(
    '/grants/:grantId/requirements/:requirementId',
    {
      schema: {
        tags,
        summary:
          'Update a requirement (fields left out keep their value; null clears assigneeId or notes)',
        params: grantRequirementParams,
        ...withVersion({
          body: requirementPatchSchema,
          response: { 200: requirementSchema, ...recordErrors },
        }),
      },
    },
    async (request, reply) => {
      const { grantId, requirementId } = request.params;
      const requirement = await changeIfUnchanged(
        request,
        reply,
        'Requirement',
        (companyId, tx) => requirements.lockVersion(companyId, grantId, requirementId, tx),
        (companyId, tx) => requirements.update(companyId, grantId, requirementId, request.body, tx),
        // The assignee before the requirement, as a member's removal takes them (the member, then
        // their work, unassigned).
        { first: (companyId, tx) => requireAssignee(tx, companyId, request.body.assigneeId) },
      );
      return requireFound(requirement, 'Requirement');
    },
  );

  app.delete(
    '/grants/:grantId/requirements/:requirementId',
    {
      schema: {
        tags,
        summary: 'Delete a requirement',
        params: grantRequirementParams,
        ...withVersion({ response: { 204: z.null(), ...recordErrors } }),
      },
    },
    async (request, reply) => {
      const { grantId, requirementId } = request.params;
      return deleteIfUnchanged(
        request,
        reply,
        'Requirement',
        (companyId, tx) => requirements.lockVersion(companyId, grantId, requirementId, tx),
        (companyId, tx) => requirements.remove(companyId, grantId, requirementId, tx),
      );
    },
  );
};
