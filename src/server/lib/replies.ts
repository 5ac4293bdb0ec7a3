import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../domain/auth.ts';
import { CSV_BOM, exportFileName } from '../../domain/csv.ts';
import { isoInstant, isWithoutOffset } from '../../domain/iso-dates.ts';
import { TOTAL_COUNT_HEADER } from '../../domain/lists.ts';
import type { Transaction } from '../db/client.ts';
import type { CompanyCsvFile } from '../db/export-stream.ts';
import { inCompany } from '../db/scope.ts';
import { AppError, notFound, requireFound } from './errors.ts';
import { requireUser } from './guards.ts';

type Page<Row> = { rows: Row[]; total: number };

/** A list's answer: the page's rows, with the list's total in the X-Total-Count header. */
export function withTotalCount<Row>(reply: FastifyReply, page: Page<Row>) {
  reply.header(TOTAL_COUNT_HEADER, page.total);
  return page.rows;
}

/**
 * The handler of a company list (`GET /api/<records>`): the signed-in user's company's page of
 * `list` for the parsed query, with its total in X-Total-Count.
 */
export const companyList =
  <Query, Row>(list: (companyId: number, query: Query) => Promise<Page<Row>>) =>
  async (request: FastifyRequest & { query: Query }, reply: FastifyReply) =>
    withTotalCount(reply, await list(requireUser(request).companyId, request.query));

/**
 * The handler of one company record (`GET /api/<records>/:id`): the record of the signed-in
 * user's company, or 404 "{what} not found" (another company's id is not found either).
 */
export const companyRecord =
  <Record>(what: string, get: (companyId: number, id: number) => Promise<Record | null>) =>
  async (request: FastifyRequest & { params: { id: number } }) =>
    requireFound(await get(requireUser(request).companyId, request.params.id), what);

/** The handler of a new company record (`POST /api/<records>`): 201 with the record created. */
export const companyCreate =
  <Input, Record>(create: (companyId: number, input: Input) => Promise<Record>) =>
  async (request: FastifyRequest & { body: Input }, reply: FastifyReply) =>
    reply.code(201).send(await create(requireUser(request).companyId, request.body));

/** The answer to a change made to a record that changed since the client read it (412). */
const changedSinceRead = (what: string) =>
  `This ${what.toLowerCase()} has changed since you read it: read it again, then make your change.`;

/** The answer to an If-Match header that is not a list of entity tags (RFC 9110 §8.8.3). */
export const IF_MATCH_FORMAT =
  'If-Match must be the updatedAt of the record as you read it, in double quotes, or *';

/** The answer to an If-Match header none of whose tags is a version of the record (412). */
const namesNoVersion = (what: string) =>
  `If-Match names no version of this ${what.toLowerCase()}: send its updatedAt as you read it, in double quotes ("2026-03-01T09:30:00.000Z"), or *.`;

/**
 * One entity tag of a list, weak (`W/`) or strong, and the comma after it (RFC 9110 §8.8.3),
 * after any empty elements of the list (`, ,`), which a recipient takes as none (§5.6.1.2).
 */
const ENTITY_TAG = /(?:[ \t]*,)*[ \t]*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"[ \t]*(?:,|$)/y;

/**
 * The versions of the record a change is made to (ifMatchHeaders): the `updatedAt`s the client
 * names as those it last read, or null when it sent no If-Match (or `*`): the change is then
 * made whatever the record is now. If-Match compares strongly: a weak tag (the hash a GET
 * answers) names no version, nor does a time without its offset (whose instant depends on the
 * clock that reads it). A header that is not a list of entity tags is refused, 400.
 */
function versionsSeen(request: FastifyRequest): Date[] | null {
  const header = request.headers['if-match']?.trim();
  if (header === undefined || header === '*') return null;
  if (header === '') throw new AppError('INVALID_INPUT', IF_MATCH_FORMAT);
  const versions: Date[] = [];
  const tags = new RegExp(ENTITY_TAG);
  while (tags.lastIndex < header.length) {
    const tag = tags.exec(header);
    if (tag === null) throw new AppError('INVALID_INPUT', IF_MATCH_FORMAT);
    const [, weak, opaque = ''] = tag;
    const instant = weak || isWithoutOffset(opaque) ? null : isoInstant(opaque);
    if (instant !== null) versions.push(instant);
  }
  return versions;
}

/**
 * A change to one record, in one transaction, made only if the record is as the client last
 * read it (versionsSeen): `lockVersion` answers when the record last changed and holds it
 * against other changes until the transaction ends, then `change` writes. A record that changed
 * since is refused, 412, with its version now in the ETag header; a missing one is left to
 * `change` (its null is a 404 to the caller). In `within`, when the caller has a transaction.
 * `first` holds what the change names (a task's assignee, an interaction's contact) before the
 * record, in the order that one's deletion takes them (it, then the records under it), so the
 * two wait for each other, never each for the other (PostgreSQL would end one of them); what it
 * refuses is refused before the version is compared.
 */
export async function changeIfUnchanged<Result>(
  request: FastifyRequest,
  reply: FastifyReply,
  what: string,
  lockVersion: (companyId: number, tx: Transaction) => Promise<Date | null>,
  change: (companyId: number, tx: Transaction) => Promise<Result>,
  {
    within,
    first,
  }: {
    within?: Transaction;
    first?: (companyId: number, tx: Transaction) => Promise<void>;
  } = {},
): Promise<Result> {
  const { companyId } = requireUser(request);
  const seen = versionsSeen(request);
  return inCompany(within ?? request.server.db, companyId, async (tx) => {
    await first?.(companyId, tx);
    if (seen !== null) {
      const current = await lockVersion(companyId, tx);
      if (current !== null && !seen.some((version) => version.getTime() === current.getTime())) {
        reply.header('etag', `"${current.toISOString()}"`);
        throw new AppError(
          'PRECONDITION_FAILED',
          seen.length === 0 ? namesNoVersion(what) : changedSinceRead(what),
        );
      }
    }
    return change(companyId, tx);
  });
}

/** A kind's change to one record by id, and its version (for changeIfUnchanged). */
interface Changing<Patch, Record> {
  lockVersion(companyId: number, id: number, within: Transaction): Promise<Date | null>;
  update(companyId: number, id: number, patch: Patch, within: Transaction): Promise<Record | null>;
}

/**
 * The handler of a change to a company record (`PATCH /api/<records>/:id`): the record as it is
 * after `update` writes the fields given, or 404 "{what} not found", or 412 when it changed
 * since the client read it (changeIfUnchanged).
 */
export const companyUpdate =
  <Patch, Record>(what: string, records: Changing<Patch, Record>) =>
  async (
    request: FastifyRequest & { params: { id: number }; body: Patch },
    reply: FastifyReply,
  ) => {
    const { id } = request.params;
    const updated = await changeIfUnchanged(
      request,
      reply,
      what,
      (companyId, tx) => records.lockVersion(companyId, id, tx),
      (companyId, tx) => records.update(companyId, id, request.body, tx),
    );
    return requireFound(updated, what);
  };

/** A kind's deletion of one record by id, and its version (for changeIfUnchanged). */
interface Removing {
  lockVersion(companyId: number, id: number, within: Transaction): Promise<Date | null>;
  remove(companyId: number, id: number, within?: Transaction): Promise<boolean>;
}

/**
 * A deletion of one record (changeIfUnchanged: refused with 412 when it changed since the client
 * read it): 204 once `remove` deleted it, or 404 "{what} not found".
 */
export async function deleteIfUnchanged(
  request: FastifyRequest,
  reply: FastifyReply,
  what: string,
  lockVersion: (companyId: number, tx: Transaction) => Promise<Date | null>,
  remove: (companyId: number, tx: Transaction) => Promise<boolean>,
) {
  if (!(await changeIfUnchanged(request, reply, what, lockVersion, remove))) throw notFound(what);
  return reply.code(204).send(null);
}

/** The handler of a company record's deletion (`DELETE /api/<records>/:id`): deleteIfUnchanged. */
export const companyDelete =
  (what: string, records: Removing) =>
  async (request: FastifyRequest & { params: { id: number } }, reply: FastifyReply) => {
    const { id } = request.params;
    return deleteIfUnchanged(
      request,
      reply,
      what,
      (companyId, tx) => records.lockVersion(companyId, id, tx),
      (companyId, tx) => records.remove(companyId, id, tx),
    );
  };

/**
 * `reply`, whose connection is closed once its client has taken nothing of it for
 * `downloadIdleMs`: what a download holds meanwhile (its file, a calendar's events) is let go
 * then, not whenever the client goes.
 */
export function endIfStalled(reply: FastifyReply) {
  // Half: a socket whose last write was still under way when its time ran out is given that time
  // once more (Node), and a stalled download always has one under way.
  reply.raw.setTimeout(reply.server.config.limits.downloadIdleMs / 2, () => reply.raw.destroy());
  return reply;
}

/** `reply` as a CSV file the browser saves as `fileName`. */
const csvFile = (reply: FastifyReply, fileName: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`);

/**
 * The handler of a company list's export (`GET /api/<records>/export`): every row the list
 * shows for the query, all pages, as a CSV download named `<records>-YYYY-MM-DD.csv` (the day on
 * the organization's clocks, as the file's times are), once it is written whole (companyCsvFile);
 * a stalled client is let go (endIfStalled).
 */
export const companyExport =
  <Query>(
    records: string,
    exportCsv: (
      companyId: number,
      query: Query,
      /** The user asking, and the signal aborted if they go before the file is made. */
      asking: { user: CurrentUser; signal: AbortSignal },
    ) => Promise<CompanyCsvFile>,
  ) =>
  async (request: FastifyRequest & { query: Query }, reply: FastifyReply) => {
    const user = requireUser(request);
    const { file, day } = await request.server.downloads.hold(
      user.companyId,
      reply,
      (signal) => exportCsv(user.companyId, request.query, { user, signal }),
      (made) => made.file,
    );
    return csvFile(endIfStalled(reply), exportFileName(records, day))
      .header('cache-control', 'no-store')
      .send(file);
  };

/** The handler of a kind's CSV import template (`GET /api/<records>/template`), for the signed in. */
export const csvTemplate =
  (fileName: string, content: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    requireUser(request);
    return csvFile(reply, fileName).send(CSV_BOM + content);
  };

/**
 * The handler of a bulk action on a company's records (`POST /api/<records>/bulk-…`): `run` on
 * the signed-in user's company with the body (the chosen ids, and the new value), answering how
 * many of the records were the company's and were done.
 */
export const companyBulk =
  <Body>(run: (companyId: number, body: Body) => Promise<number>) =>
  async (request: FastifyRequest & { body: Body }) => ({
    count: await run(requireUser(request).companyId, request.body),
  });
