import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTACT_IMPORT_SYNONYMS,
  contactImportMappingSchema,
  contactImportPreviewSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactPatchSchema,
  contactSchema,
} from '../../../domain/contacts.ts';
import { importResultSchema } from '../../../domain/csv-import.ts';
import { searchQuerySchema } from '../../../domain/lists.ts';
import { importUploadedCsv, previewUploadedCsv } from '../../lib/csv-upload.ts';
import { requireUser } from '../../lib/guards.ts';
import {
  companyBulk,
  companyCreate,
  companyDelete,
  companyExport,
  companyList,
  companyRecord,
  companyUpdate,
  csvTemplate,
} from '../../lib/replies.ts';
import {
  bulkDeleteRouteSchema,
  createSchema,
  deleteSchema,
  errorBodySchema,
  exportSchema,
  inputErrors,
  listSchema,
  readSchema,
  templateSchema,
  updateSchema,
  uploadErrors,
  withVersion,
} from '../../lib/schemas.ts';
import { createContactsRepository } from './contacts.repository.ts';
import { CONTACT_TEMPLATE_CSV, contactBatches } from './contacts-csv.ts';
import { importContacts } from './contacts-import.ts';

const tags = ['contacts'];

export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const contacts = createContactsRepository(app.db);

  app.get(
    '/contacts',
    {
      schema: {
        tags,
        summary: 'List contacts (search over name, email and organization)',
        ...listSchema(contactListQuerySchema, contactSchema, inputErrors),
      },
    },
    companyList(contacts.list),
  );

  app.get(
    '/contacts/export',
    {
      schema: {
        tags,
        ...exportSchema(
          'contacts',
          contactListQuerySchema,
          ', in the columns of the import template',
        ),
      },
    },
    companyExport('contacts', contacts.exportCsv),
  );

  app.get(
    '/contacts/template',
    { schema: { tags, ...templateSchema } },
    csvTemplate('contacts-template.csv', CONTACT_TEMPLATE_CSV),
  );

  app.get(
    '/contacts/organizations',
    {
      schema: {
        tags,
        summary: 'Organization names already in use (contacts, grant funders, opportunities)',
        querystring: searchQuerySchema,
        response: { 200: z.array(z.string()), 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return contacts.organizationNames(user.companyId, request.query.q);
    },
  );

  app.get(
    '/contacts/:id',
    { schema: { tags, summary: 'One contact', ...readSchema(contactSchema) } },
    companyRecord('Contact', contacts.get),
  );

  app.post(
    '/contacts',
    {
      schema: {
        tags,
        summary: 'Create a contact',
        ...createSchema(contactInputSchema, contactSchema, inputErrors),
      },
    },
    companyCreate(contacts.create),
  );

  app.patch(
    '/contacts/:id',
    {
      schema: {
        tags,
        summary:
          'Update a contact (fields left out keep their value; null clears phone, organization or notes)',
        ...withVersion(updateSchema(contactPatchSchema, contactSchema)),
      },
    },
    companyUpdate('Contact', contacts),
  );

  app.post(
    '/contacts/bulk-delete',
    { schema: { tags, ...bulkDeleteRouteSchema('contacts') } },
    companyBulk((companyId, body) => contacts.removeMany(companyId, body.ids)),
  );

  app.delete(
    '/contacts/:id',
    {
      schema: {
        tags,
        summary: 'Delete a contact and its interactions',
        ...withVersion(deleteSchema()),
      },
    },
    companyDelete('Contact', contacts),
  );

  app.post(
    '/contacts/upload/preview',
    {
      schema: {
        tags,
        summary:
          'Preview a CSV file (multipart field "file"; its beginning is enough): each column with its header, the contact field suggested for it and its first five values. Imports nothing.',
        consumes: ['multipart/form-data'],
        response: { 200: contactImportPreviewSchema, ...uploadErrors },
      },
    },
    async (request) => {
      requireUser(request);
      return previewUploadedCsv(request, app.uploadMemory, CONTACT_IMPORT_SYNONYMS);
    },
  );

  app.post(
    '/contacts/upload',
    {
      schema: {
        tags,
        summary:
          'Import contacts from a CSV file (multipart field "file"): its valid rows, in one transaction (a file refused, or a failure, imports none of them); a row that is not valid is skipped and listed with its number and why. Optional fields: "mapping", a JSON list giving for each column of the file the contact field it holds (name, email, phone, organization, notes) or null (else the header suggests them); "duplicates": skip (the default), update or create, for a row whose email a contact or an earlier row already has (update leaves alone an email that several contacts have: the row is skipped unless one of them already holds it). While another import of the company (of contacts or of grants) runs, an import is refused with 409.',
        consumes: ['multipart/form-data'],
        response: { 200: importResultSchema, 409: errorBodySchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return importUploadedCsv(
        request,
        reply,
        app.uploadMemory,
        contactImportMappingSchema,
        { record: 'contact' },
        (chunks, report, { mapping, duplicates, beforeCommit }) =>
          importContacts(
            app.db,
            contacts,
            user.companyId,
            contactBatches(chunks, report, mapping),
            { duplicates, report, beforeCommit },
          ),
      );
    },
  );
};
