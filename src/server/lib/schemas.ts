import { z } from 'zod';
import { bulkDeleteSchema, bulkResultSchema } from '../../domain/bulk.ts';
import { idParams } from '../../domain/common.ts';
import { exportQuerySchema } from '../../domain/lists.ts';

/** ARCHITECTURE §3's error body, for route response schemas and the API description. */
export const errorBodySchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** The errors of a route that reads its input: invalid input, not signed in. */
export const inputErrors = { 400: errorBodySchema, 401: errorBodySchema };

/** The errors of a route on a company's record: invalid input, not signed in, not found. */
export const recordErrors = { ...inputErrors, 404: errorBodySchema };

/** The errors of a route on a record that only some users may take: also 403. */
export const restrictedRecordErrors = { ...recordErrors, 403: errorBodySchema };

/** The refusals of a file upload: bad input, no session, too large, not the right type. */
export const uploadErrors = { ...inputErrors, 413: errorBodySchema, 415: errorBodySchema };

/** A route's error answers, by status code. */
type ErrorAnswers = Record<number, typeof errorBodySchema>;

/*
 * The request and answer schemas of the routes every kind of company record has, so that each
 * contract is written once. A route spreads one into its schema beside its tags and summary:
 * `{ schema: { tags, summary: 'One contact', ...readSchema(contactSchema) } }`.
 */

/** `GET /<records>`: the list's query; a page of rows (the total in X-Total-Count). */
export const listSchema = <
  Query extends z.ZodType,
  Row extends z.ZodType,
  Errors extends ErrorAnswers,
>(
  querystring: Query,
  row: Row,
  errors: Errors,
) => ({ querystring, response: { 200: z.array(row), ...errors } });

/** `GET /<records>/:id`: the record, or 404. */
export const readSchema = <Item extends z.ZodType>(record: Item) => ({
  params: idParams,
  response: { 200: record, ...recordErrors },
});

/** `POST /<records>`: 201 with the record made (`errors`: 404 where the input names others). */
export const createSchema = <
  Input extends z.ZodType,
  Item extends z.ZodType,
  Errors extends ErrorAnswers,
>(
  body: Input,
  record: Item,
  errors: Errors,
) => ({ body, response: { 201: record, ...errors } });

/**
 * `PATCH /<records>/:id` (or another change to a record by its id): the fields to change; the
 * record as it is after, or 404, or one of `more` (a 409 for a rule the change would break).
 */
export const updateSchema = <
  Patch extends z.ZodType,
  Item extends z.ZodType,
  More extends ErrorAnswers = Record<never, never>,
>(
  body: Patch,
  record: Item,
  more?: More,
) => ({ params: idParams, body, response: { 200: record, ...recordErrors, ...more } });

/**
 * The version of a record a change is made to, as the client last read it: `If-Match` with the
 * record's `updatedAt` in double quotes. Other headers pass through as they came.
 */
const ifMatchHeaders = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe(
      'The record\'s updatedAt as last read, in double quotes ("2026-03-01T09:30:00.000Z"): the change is refused with 412 if the record has changed since. A list of them is met by any one; a weak tag (W/"…", as a GET\'s ETag) or a time without its offset names no version, and is refused with 412. Left out (or *), the change is made whatever the record is now.',
    ),
});

/** Whether a route takes If-Match: a change to a record with a version (withVersion). */
export const takesIfMatch = (schema: { headers?: unknown } | undefined) =>
  schema?.headers === ifMatchHeaders;

/** The refusal of a change to a record that changed since the client read it (If-Match). */
const changedErrors = { 412: errorBodySchema };

/**
 * A change to a record with a version (`PATCH`): `schema` made only if the record is as the
 * client last read it (ifMatchHeaders), else 412: `withVersion(updateSchema(patch, record))`.
 */
export const withVersion = <Schema extends { response: object }>(schema: Schema) => ({
  ...schema,
  headers: ifMatchHeaders,
  response: { ...schema.response, ...changedErrors },
});

/** `DELETE /<records>/:id`: 204, or 404, or one of `more`. */
export const deleteSchema = <More extends ErrorAnswers = Record<never, never>>(more?: More) => ({
  params: idParams,
  response: { 204: z.null(), ...recordErrors, ...more },
});

/** `POST /<records>/bulk-…`: the chosen ids (and the new value); how many were done. */
export const bulkSchema = <Body extends z.ZodType>(body: Body) => ({
  body,
  response: { 200: bulkResultSchema, ...inputErrors },
});

/** `POST /<records>/bulk-delete`, described for the kind's `records` ('grants'). */
export const bulkDeleteRouteSchema = (records: string) => ({
  summary: `Delete many ${records} at once, in one transaction (ids of another company's ${records} are left out)`,
  ...bulkSchema(bulkDeleteSchema),
});

/**
 * `GET /<records>/export`: the list's query (and the chosen ids); a CSV file. Described for the
 * kind's `records` ('grants'), with `more` said of its columns.
 */
export const exportSchema = <Shape extends z.ZodRawShape>(
  records: string,
  listQuery: z.ZodObject<Shape>,
  more = '',
) => ({
  summary: `Export the ${records} the list shows for the same search, filter and sort (every page) as CSV${more}`,
  querystring: exportQuerySchema(listQuery),
  produces: ['text/csv'],
  response: inputErrors,
});

/** `GET /<records>/template`: the CSV file an import starts from. */
export const templateSchema = {
  summary: 'Download the CSV import template',
  produces: ['text/csv'],
};
