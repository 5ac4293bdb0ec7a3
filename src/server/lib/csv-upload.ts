// The two requests of an import from a CSV file, whatever the records: the preview of the file's
// beginning, and the import of the whole file with the user's mapping of its columns.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type DuplicateChoice,
  duplicateChoiceSchema,
  type ImportResult,
  importMessage,
} from '../../domain/csv-import.ts';
import { IMPORT_TOO_LARGE, IMPORT_UPLOAD_MAX_BYTES } from '../../domain/csv-import-limits.ts';
import { type ImportReport, previewCsvFile } from './csv-import.ts';
import { AppError } from './errors.ts';
import { notSignedIn, requireUser } from './guards.ts';
import { receiveOneFile, type UploadMemory } from './uploads.ts';

const NOT_CSV = 'Please select a CSV file';

/** The beginning of a file is enough for its preview (the web app sends the first 256 kB). */
const PREVIEW_MAX_BYTES = 1024 * 1024;

/** The upload rules of an import. */
const csvUpload = {
  maxBytes: IMPORT_UPLOAD_MAX_BYTES,
  accepts: (file: { mimetype: string; filename: string }) =>
    file.mimetype === 'text/csv' || file.filename.toLowerCase().endsWith('.csv'),
  wrongType: NOT_CSV,
  tooLarge: IMPORT_TOO_LARGE,
};

/** The upload rules of a preview. */
const previewUpload = {
  ...csvUpload,
  maxBytes: PREVIEW_MAX_BYTES,
  tooLarge: `A preview takes the first ${PREVIEW_MAX_BYTES / 1024 / 1024} MB of a file at most`,
};

function requireMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_CSV);
}

/** The preview of an uploaded file (its beginning): its columns, suggestions and first values. */
export async function previewUploadedCsv<Field extends string>(
  request: FastifyRequest,
  memory: UploadMemory,
  synonyms: Readonly<Record<Field, readonly string[]>>,
) {
  requireMultipart(request);
  const { companyId } = requireUser(request);
  const received = await receiveOneFile(request, memory.of(companyId), previewUpload);
  try {
    return await previewCsvFile(received.chunks, synonyms);
  } finally {
    received.release();
  }
}

/** What an import wrote: records created, updated, and those a row matched but left as they were. */
interface ImportCounts {
  created: number;
  updated: number;
  unchanged?: number;
}

/** What the user chose in the preview: the upload's form fields `mapping` (JSON) and `duplicates`. */
interface ImportChoices<Field extends string> {
  mapping: (Field | null)[] | undefined;
  duplicates: DuplicateChoice;
}

/** Why an import was undone: nobody is left to be told what it did (the answer is never sent). */
export const CLIENT_GONE =
  'The connection closed before the file was imported: nothing was imported';

/**
 * Refuses to go on once the client that sent `request` has gone (a closed tab, a proxy's or the
 * client's own time limit): an import calls it in its transaction, just before it commits, so a
 * file the client gave up on is not imported behind its back, and sent again, imported twice.
 */
const requireClient = (reply: FastifyReply) => () => {
  if (reply.raw.destroyed) throw new AppError('REQUEST_TIMEOUT', CLIENT_GONE);
};

function importChoices<Field extends string>(
  fields: Map<string, string>,
  mappingSchema: z.ZodType<(Field | null)[]>,
  noDuplicates: string | undefined,
): ImportChoices<Field> {
  const mappingText = fields.get('mapping');
  let mapping: (Field | null)[] | undefined;
  if (mappingText !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(mappingText);
    } catch {
      throw new AppError('INVALID_INPUT', 'The column mapping is not valid JSON');
    }
    const parsed = mappingSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('INVALID_INPUT', parsed.error.issues[0]?.message ?? 'Invalid mapping');
    }
    mapping = parsed.data;
  }
  const duplicatesText = fields.get('duplicates');
  let duplicates: DuplicateChoice = 'skip';
  if (duplicatesText !== undefined && noDuplicates !== undefined) {
    throw new AppError('INVALID_INPUT', noDuplicates);
  }
  if (duplicatesText !== undefined) {
    const parsed = duplicateChoiceSchema.safeParse(duplicatesText);
    if (!parsed.success) {
      throw new AppError('INVALID_INPUT', parsed.error.issues[0]?.message ?? 'Invalid choice');
    }
    duplicates = parsed.data;
  }
  return { mapping, duplicates };
}

/**
 * Receives a file whole, then `run`s its import with the user's choices, counting the rows it
 * leaves out in the report, and undone if the client has gone by its end (`beforeCommit`); answers what came of it, naming the records by `record` ("grant").
 * A list whose rows are never duplicates of others says why (`noDuplicates`): an upload that
 * chooses what duplicates do is then refused with it.
 */
export async function importUploadedCsv<Field extends string>(
  request: FastifyRequest,
  reply: FastifyReply,
  memory: UploadMemory,
  mappingSchema: z.ZodType<(Field | null)[]>,
  { record, noDuplicates }: { record: string; noDuplicates?: string },
  run: (
    chunks: Buffer[],
    report: ImportReport,
    choices: ImportChoices<Field> & { beforeCommit: () => void },
  ) => Promise<ImportCounts>,
): Promise<ImportResult> {
  requireMultipart(request);
  const { companyId } = requireUser(request);
  const received = await receiveOneFile(request, memory.of(companyId), csvUpload);
  const report: ImportReport = { skipped: 0, errors: [] };
  let counts: ImportCounts;
  try {
    // The file may have taken minutes to arrive: its rows are written for the user as they are
    // now, if they are still signed in.
    if ((await request.userNow()) === null) throw notSignedIn();
    const choices = importChoices(received.fields, mappingSchema, noDuplicates);
    counts = await run(received.chunks, report, { ...choices, beforeCommit: requireClient(reply) });
  } finally {
    received.release();
  }
  const { created, updated, unchanged = 0 } = counts;
  return {
    message: importMessage(record, { created, updated, unchanged }, report.skipped),
    imported: created + updated,
    created,
    updated,
    unchanged,
    skipped: report.skipped,
    errors: report.errors.sort((a, b) => a.row - b.row),
  };
}
