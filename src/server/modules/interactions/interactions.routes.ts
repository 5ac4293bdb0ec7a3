import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INVALID_CONTACT,
  interactionInputSchema,
  interactionListQuerySchema,
  interactionPatchSchema,
  interactionSchema,
} from '../../../domain/interactions.ts';
import type { Transaction } from '../../db/client.ts';
import { inCompany } from '../../db/scope.ts';
import { fieldRefusal, requireFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import {
  changeIfUnchanged,
  companyBulk,
  companyDelete,
  companyExport,
  companyList,
  companyRecord,
} from '../../lib/replies.ts';
import {
  bulkDeleteRouteSchema,
  createSchema,
  deleteSchema,
  exportSchema,
  inputErrors,
  listSchema,
  readSchema,
  updateSchema,
  withVersion,
} from '../../lib/schemas.ts';
import { createContactsRepository } from '../contacts/contacts.repository.ts';
import { createInteractionsRepository } from './interactions.repository.ts';

const tags = ['interactions'];

const invalidContact = () => fieldRefusal('INVALID_INPUT', 'contactId', INVALID_CONTACT);

export const interactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const interactions = createInteractionsRepository(app.db);
  const contacts = createContactsRepository(app.db);

  /**
   * An interaction's contact must be one of the company's own, held in the transaction that
   * saves it, before the interaction: a contact deleted at the same moment is no longer one. It
   * is held FOR SHARE, as the trigger that copies its name onto a new or moved interaction reads
   * it (migration 0043): asked for only there, that lock waited on a deletion (or rename) that
   * had begun meanwhile and was itself waiting on this save, and PostgreSQL ended one of them.
   */
  const requireOwnContact = async (companyId: number, contactId: number, tx: Transaction) => {
    if (!(await contacts.hold(companyId, contactId, tx, 'share'))) throw invalidContact();
  };

  app.get(
    '/interactions',
    {
      schema: {
        tags,
        summary: 'List interactions, newest first (optionally of one contact)',
        ...listSchema(interactionListQuerySchema, interactionSchema, inputErrors),
      },
    },
    companyList(interactions.list),
  );

  app.get(
    '/interactions/export',
    { schema: { tags, ...exportSchema('interactions', interactionListQuerySchema) } },
    companyExport('interactions', interactions.exportCsv),
  );

  app.get(
    '/interactions/:id',
    { schema: { tags, summary: 'One interaction', ...readSchema(interactionSchema) } },
    companyRecord('Interaction', interactions.get),
  );

  app.post(
    '/interactions',
    {
      schema: {
        tags,
        summary: 'Log an interaction with a contact',
        ...createSchema(interactionInputSchema, interactionSchema, inputErrors),
      },
    },
    async (request, reply) => {
      const { companyId } = requireUser(request);
      const interaction = await inCompany(app.db, companyId, async (tx) => {
        await requireOwnContact(companyId, request.body.contactId, tx);
        return interactions.create(companyId, request.body, tx);
      });
      return reply.code(201).send(interaction);
    },
  );

  app.patch(
    '/interactions/:id',
    {
      schema: {
        tags,
        summary: 'Update an interaction (fields left out keep their value)',
        ...withVersion(updateSchema(interactionPatchSchema, interactionSchema)),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { contactId } = request.body;
      const interaction = await changeIfUnchanged(
        request,
        reply,
        'Interaction',
        (companyId, tx) => interactions.lockVersion(companyId, id, tx),
        (companyId, tx) => interactions.update(companyId, id, request.body, tx),
        // The contact before the interaction, as the contact's deletion takes them.
        {
          first: async (companyId, tx) => {
            if (contactId !== undefined) await requireOwnContact(companyId, contactId, tx);
          },
        },
      );
      return requireFound(interaction, 'Interaction');
    },
  );

  app.post(
    '/interactions/bulk-delete',
    { schema: { tags, ...bulkDeleteRouteSchema('interactions') } },
    companyBulk((companyId, body) => interactions.removeMany(companyId, body.ids)),
  );

  app.delete(
    '/interactions/:id',
    { schema: { tags, summary: 'Delete an interaction', ...withVersion(deleteSchema()) } },
    companyDelete('Interaction', interactions),
  );
};
