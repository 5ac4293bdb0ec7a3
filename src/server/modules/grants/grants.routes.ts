import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkGrantStatusSchema } from '../../../domain/bulk.ts';
import { importResultSchema } from '../../../domain/csv-import.ts';
import { GRANT_CSV_FIELDS, GRANT_IMPORT_SYNONYMS } from '../../../domain/grant-import.ts';
import {
  grantImportMappingSchema,
  grantImportPreviewSchema,
  grantInputSchema,
  grantListQuerySchema,
  grantPatchSchema,
  grantSchema,
  PERIOD_ORDER,
  pipelineSchema,
} from '../../../domain/grants.ts';
import { importUploadedCsv, previewUploadedCsv } from '../../lib/csv-upload.ts';
import { fieldRefusal, requireFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import {
  changeIfUnchanged,
  companyBulk,
  companyCreate,
  companyDelete,
  companyExport,
  companyList,
  companyRecord,
  csvTemplate,
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
  templateSchema,
  updateSchema,
  uploadErrors,
  withVersion,
} from '../../lib/schemas.ts';
import { createGrantsRepository } from './grants.repository.ts';
import { GRANT_TEMPLATE_CSV, grantBatches, importGrants } from './grants-csv.ts';

const tags = ['grants'];

export const grantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const grants = createGrantsRepository(app.db);

  app.get(
    '/grants',
    {
      schema: {
        tags,
        summary: 'List grants, soonest due first (search over name and funder)',
        ...listSchema(grantListQuerySchema, grantSchema, recordErrors),
      },
    },
    companyList(grants.list),
  );

  app.get(
    '/grants/export',
    { schema: { tags, ...exportSchema('grants', grantListQuerySchema) } },
    companyExport('grants', grants.exportCsv),
  );

  app.get(
    '/grants/template',
    { schema: { tags, ...templateSchema } },
    csvTemplate('grants-template.csv', GRANT_TEMPLATE_CSV),
  );

  app.post(
    '/grants/upload/preview',
    {
      schema: {
        tags,
        summary:
          'Preview a CSV file (multipart field "file"; its beginning is enough): each column with its header, the grant field suggested for it and its first five values. Imports nothing.',
        consumes: ['multipart/form-data'],
        response: { 200: grantImportPreviewSchema, ...uploadErrors },
      },
    },
    async (request) => {
      requireUser(request);
      return previewUploadedCsv(request, app.uploadMemory, GRANT_IMPORT_SYNONYMS);
    },
  );

  app.post(
    '/grants/upload',
    {
      schema: {
        tags,
        summary: `Import grants from a CSV file (multipart field "file"): its valid rows, in one transaction (a file refused, or a failure, imports none of them); a row that is not valid is skipped and listed with its number and why. Optional field "mapping": a JSON list giving for each column of the file the grant field it holds (${GRANT_CSV_FIELDS.join(', ')}) or null (else the header suggests them). Amounts are dollars (50000 or $50,000); dates are days (2027-03-31 or 3/31/2027: a due date is due at noon that day in the organization's time zone, an award's days are kept at noon UTC) or ISO 8601 times; a status in words or as its value (a blank one is draft). A row naming a grant already here (its name, funder and due date, in any case), or one earlier in the file, is skipped and listed. While another import of the company (of grants or of contacts) runs, an import is refused with 409.`,
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
        grantImportMappingSchema,
        {
          record: 'grant',
          noDuplicates:
            'A grants file has no duplicates choice: a row naming a grant already here (its name, funder and due date) is skipped',
        },
        async (chunks, report, { mapping, beforeCommit }) =>
          importGrants(
            app.db,
            grants,
            user.companyId,
            grantBatches(chunks, report, mapping),
            report,
            beforeCommit,
          ),
      );
    },
  );

  app.get(
    '/grants/pipeline',
    {
      schema: {
        tags,
        summary: 'The grant pipeline: count and total amount per status',
        response: { 200: pipelineSchema, 401: errorBodySchema },
      },
    },
    async (request) => grants.pipeline(requireUser(request).companyId),
  );

  app.get(
    '/grants/:id',
    { schema: { tags, summary: 'One grant', ...readSchema(grantSchema) } },
    companyRecord('Grant', grants.get),
  );

  app.post(
    '/grants',
    {
      schema: {
        tags,
        summary:
          'Create a grant (status defaults to draft). Created awarded with neither awardedAmount nor awardedDate given, it is awarded the amount it requests, filled in (awardFilledIn), as a PATCH to awarded does; awardedAmount null leaves it with none.',
        ...createSchema(grantInputSchema, grantSchema, recordErrors),
      },
    },
    companyCreate(grants.create),
  );

  app.patch(
    '/grants/:id',
    {
      schema: {
        tags,
        summary:
          'Update a grant (fields left out keep their value; null clears notes, documentUrl, awardedAmount, awardedDate, periodStart or periodEnd). A status or amount given without awardedAmount or awardedDate changes the award as bulk-status does: set to awarded with no award, it is awarded the amount it requests, filled in (awardFilledIn); a filled-in award follows the amount requested while awarded and is cleared when the grant leaves awarded. An award given (awardedAmount or awardedDate) is kept whatever the status or amount becomes.',
        ...withVersion(updateSchema(grantPatchSchema, grantSchema)),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const grant = await changeIfUnchanged(
        request,
        reply,
        'Grant',
        (companyId, tx) => grants.lockVersion(companyId, id, tx),
        (companyId, tx) => grants.update(companyId, id, request.body, tx),
      );
      // One end of the period sent alone, out of order with the other end stored: the end sent
      // is the one refused, as the form shows the message under it.
      if (grant === 'period-out-of-order') {
        const sent = request.body.periodEnd === undefined ? 'periodStart' : 'periodEnd';
        throw fieldRefusal('INVALID_INPUT', sent, PERIOD_ORDER);
      }
      return requireFound(grant, 'Grant');
    },
  );

  app.post(
    '/grants/bulk-delete',
    { schema: { tags, ...bulkDeleteRouteSchema('grants') } },
    companyBulk((companyId, body) => grants.removeMany(companyId, body.ids)),
  );

  app.post(
    '/grants/bulk-status',
    {
      schema: {
        tags,
        summary:
          "Set the status of many grants at once, in one transaction (ids of another company's grants are left out); a grant set to awarded with no awarded amount is awarded the amount it requested, filled in (awardFilledIn), and a filled-in award is cleared when its grant is set to another status; an award given is kept",
        ...bulkSchema(bulkGrantStatusSchema),
      },
    },
    companyBulk((companyId, body) => grants.setStatus(companyId, body.ids, body.status)),
  );

  app.delete(
    '/grants/:id',
    { schema: { tags, summary: 'Delete a grant and its tasks', ...withVersion(deleteSchema()) } },
    companyDelete('Grant', grants),
  );
};
