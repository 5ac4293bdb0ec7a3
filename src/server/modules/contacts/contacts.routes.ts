import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bulkDeleteSchema, bulkResultSchema } from '../../../domain/bulk.ts';
import { idParams } from '../../../domain/common.ts';
import {
  CONTACT_UPLOAD_MAX_BYTES,
  contactImportMappingSchema,
  contactImportPreviewSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactPatchSchema,
  contactSchema,
  importMessage,
  importResultSchema,
} from '../../../domain/contacts.ts';
import { type DuplicateChoice, duplicateChoiceSchema } from '../../../domain/csv-import.ts';
import { searchQuerySchema } from '../../../domain/lists.ts';
import { AppError, notFound, requireFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import {
  companyBulk,
  companyCreate,
  companyExport,
  companyList,
  companyRecord,
} from '../../lib/replies.ts';
import { errorBodySchema, inputErrors, recordErrors } from '../../lib/schemas.ts';
import { receiveOneFile } from '../../lib/uploads.ts';
import { createContactsRepository } from './contacts.repository.ts';
import {
  CONTACT_TEMPLATE_CSV,
  contactBatches,
  type ImportReport,
  previewContactFile,
} from './contacts-csv.ts';
import { importContacts } from './contacts-import.ts';

const NOT_CSV = 'Please select a CSV file';
const TOO_LARGE = `The file is larger than ${CONTACT_UPLOAD_MAX_BYTES / 1024 / 1024} MB; nothing was imported`;
const tags = ['contacts'];

/** The beginning of a file is enough for its preview (the web app sends the first 256 kB). */
const PREVIEW_MAX_BYTES = 1024 * 1024;

/** The upload rules of an import and of its preview. */
const csvUpload = {
  maxBytes: CONTACT_UPLOAD_MAX_BYTES,
  accepts: (file: { mimetype: string; filename: string }) =>
    file.mimetype === 'text/csv' || file.filename.toLowerCase().endsWith('.csv'),
  wrongType: NOT_CSV,
  tooLarge: TOO_LARGE,
};

/** The import's options from the upload's form fields `mapping` (JSON) and `duplicates`. */
function importOptions(fields: Map<string, string>) {
  const mappingText = fields.get('mapping');
  let mapping: z.infer<typeof contactImportMappingSchema> | undefined;
  if (mappingText !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(mappingText);
    } catch {
      throw new AppError('INVALID_INPUT', 'The column mapping is not valid JSON');
    }
    const parsed = contactImportMappingSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('INVALID_INPUT', parsed.error.issues[0]?.message ?? 'Invalid mapping');
    }
    mapping = parsed.data;
  }
  const duplicatesText = fields.get('duplicates');
  let duplicates: DuplicateChoice = 'skip';
  if (duplicatesText !== undefined) {
    const parsed = duplicateChoiceSchema.safeParse(duplicatesText);
    if (!parsed.success) {
      throw new AppError('INVALID_INPUT', parsed.error.issues[0]?.message ?? 'Invalid choice');
    }
    duplicates = parsed.data;
  }
  return { mapping, duplicates };
}

export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const contacts = createContactsRepository(app.db);

  app.get(
    '/contacts',
    {
      schema: {
        tags,
        summary: 'List contacts (search over name, email and organization)',
        querystring: contactListQuerySchema,
        response: { 200: z.array(contactSchema), ...inputErrors },
      },
    },
    companyList(contacts.list),
  );

  app.get(
    '/contacts/export',
    {
      schema: {
        tags,
        summary:
          'Export the contacts the list shows for the same search, filter and sort (every page) as CSV, in the columns of the import template',
        querystring: contactListQuerySchema,
        produces: ['text/csv'],
        response: inputErrors,
      },
    },
    companyExport('contacts', contacts.exportCsv),
  );

  app.get(
    '/contacts/template',
    { schema: { tags, summary: 'Download the CSV import template', produces: ['text/csv'] } },
    async (request, reply) => {
      requireUser(request);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="contacts-template.csv"')
        .send(CONTACT_TEMPLATE_CSV);
    },
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
    {
      schema: {
        tags,
        summary: 'One contact',
        params: idParams,
        response: { 200: contactSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    companyRecord('Contact', contacts.get),
  );

  app.post(
    '/contacts',
    {
      schema: {
        tags,
        summary: 'Create a contact',
        body: contactInputSchema,
        response: { 201: contactSchema, ...inputErrors },
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
        params: idParams,
        body: contactPatchSchema,
        response: { 200: contactSchema, ...recordErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const contact = await contacts.update(user.companyId, request.params.id, request.body);
      return requireFound(contact, 'Contact');
    },
  );

  app.post(
    '/contacts/bulk-delete',
    {
      schema: {
        tags,
        summary:
          "Delete many contacts at once (the ids of the company's contacts; others are left out), in one transaction",
        body: bulkDeleteSchema,
        response: { 200: bulkResultSchema, ...inputErrors },
      },
    },
    companyBulk((companyId, body) => contacts.removeMany(companyId, body.ids)),
  );

  app.delete(
    '/contacts/:id',
    {
      schema: {
        tags,
        summary: 'Delete a contact and its interactions',
        params: idParams,
        response: { 204: z.null(), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await contacts.remove(user.companyId, request.params.id))) throw notFound('Contact');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/contacts/upload/preview',
    {
      schema: {
        tags,
        summary:
          'Preview a CSV file (multipart field "file"; its beginning is enough): each column with its header, the contact field suggested for it and its first five values. Imports nothing.',
        consumes: ['multipart/form-data'],
        response: {
          200: contactImportPreviewSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request) => {
      requireUser(request);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_CSV);
      const received = await receiveOneFile(request, app.uploadMemory, {
        ...csvUpload,
        maxBytes: PREVIEW_MAX_BYTES,
        tooLarge: `A preview takes the first ${PREVIEW_MAX_BYTES / 1024 / 1024} MB of a file at most`,
      });
      try {
        return await previewContactFile(received.chunks);
      } finally {
        received.release();
      }
    },
  );

  app.post(
    '/contacts/upload',
    {
      schema: {
        tags,
        summary:
          'Import contacts from a CSV file (multipart field "file"); all rows or none. Optional fields: "mapping", a JSON list giving for each column of the file the contact field it holds (name, email, phone, organization, notes) or null (else the header suggests them); "duplicates": skip (the default), update or create, for a row whose email a contact or an earlier row already has.',
        consumes: ['multipart/form-data'],
        response: {
          200: importResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_CSV);
      const received = await receiveOneFile(request, app.uploadMemory, csvUpload);
      const report: ImportReport = { skipped: 0, errors: [] };
      let counts: { created: number; updated: number };
      try {
        const { mapping, duplicates } = importOptions(received.fields);
        counts = await importContacts(
          app.db,
          contacts,
          user.companyId,
          contactBatches(received.chunks, report, mapping),
          duplicates,
          report,
        );
      } finally {
        received.release();
      }
      return {
        message: importMessage(counts.created, counts.updated, report.skipped),
        imported: counts.created + counts.updated,
        ...counts,
        skipped: report.skipped,
        errors: report.errors.sort((a, b) => a.row - b.row),
      };
    },
  );
};
