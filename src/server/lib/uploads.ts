import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const UPLOAD_INTERRUPTED = 'The upload was interrupted before the whole file arrived';
export const ONE_FILE_ONLY = 'Upload one file at a time';
const NOT_MULTIPART = 'The upload is not a valid multipart/form-data body';
export const UPLOADS_BUSY =
  'The server is receiving too many files right now. Please try again in a minute.';

/** A company's part of the upload memory: what it takes and gives back. */
export interface UploadShare {
  take(bytes: number): boolean;
  give(bytes: number): void;
}

/**
 * The bytes of uploads that one server process may hold in memory at once, all requests
 * together: a client cannot make it hold more by opening more uploads. A company may hold
 * `companyShare` of them at the most (`of(companyId)`): uploads of one company that never end
 * (held until the request deadline) left every other company's imports refused.
 */
export function createUploadMemory(capacity: number, companyShare = capacity) {
  const share = Math.min(companyShare, capacity);
  let used = 0;
  const byCompany = new Map<number, number>();
  return {
    /** What `companyId`'s uploads take of the memory, within the company's share. */
    of(companyId: number): UploadShare {
      return {
        take(bytes: number): boolean {
          const held = byCompany.get(companyId) ?? 0;
          if (used + bytes > capacity || held + bytes > share) return false;
          used += bytes;
          byCompany.set(companyId, held + bytes);
          return true;
        },
        give(bytes: number) {
          used -= bytes;
          const held = (byCompany.get(companyId) ?? 0) - bytes;
          if (held > 0) byCompany.set(companyId, held);
          else byCompany.delete(companyId);
        },
      };
    },
    get used() {
      return used;
    },
  };
}

export type UploadMemory = ReturnType<typeof createUploadMemory>;

/** A file received whole, as the chunks it arrived in; `release` gives its memory back. */
interface ReceivedFile {
  chunks: Buffer[];
  release(): void;
}

/** A form's text fields beside its file: a handful, each short. */
const FIELDS_MAX = 10;
const FIELD_MAX_BYTES = 64 * 1024;
const FIELD_TOO_LONG = `A form field of the upload is longer than ${FIELD_MAX_BYTES / 1024} kB`;

/**
 * Receives an uploaded file whole, into memory, before anything touches the database, so a
 * client that sends slowly, stalls or vanishes costs a socket and a bounded buffer, never a
 * transaction or a pooled connection. The multipart reader stops at the size limit
 * (`truncated`); a connection that closes early fails the stream, and the request deadline
 * fails one that stalls. The caller must `release` what it got.
 */
async function receiveFile(
  file: MultipartFile,
  memory: UploadShare,
  tooLargeMessage: string,
): Promise<ReceivedFile> {
  const chunks: Buffer[] = [];
  let held = 0;
  const release = () => {
    memory.give(held);
    held = 0;
  };
  try {
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      if (!memory.take(chunk.length)) {
        file.file.resume(); // let the rest go by unread
        throw new AppError('UNAVAILABLE', UPLOADS_BUSY);
      }
      held += chunk.length;
      chunks.push(chunk);
    }
  } catch (error) {
    release();
    if (error instanceof AppError) throw error; // out of memory budget, or past the deadline
    throw new AppError('INVALID_INPUT', UPLOAD_INTERRUPTED);
  }
  if (file.file.truncated) {
    release();
    throw new AppError('TOO_LARGE', tooLargeMessage);
  }
  return { chunks, release };
}

/** What an upload route takes: the size, the types, and its own messages. */
interface UploadRules {
  maxBytes: number;
  /** Whether the file is of a type the route takes; else 415 with `wrongType`. */
  accepts: (file: MultipartFile) => boolean;
  /** Said when the file is of another type, or there is none (400). */
  wrongType: string;
  tooLarge: string;
}

/**
 * Receives the one file of a multipart upload whole (see receiveFile), and its text fields, in
 * any order, reading the body to its end: a second file is refused rather than silently left
 * out, and a body the multipart reader cannot read is the client's fault (400), never a 500.
 */
export async function receiveOneFile(
  request: FastifyRequest,
  memory: UploadShare,
  rules: UploadRules,
): Promise<ReceivedFile & { fields: Map<string, string> }> {
  let received: ReceivedFile | null = null;
  const fields = new Map<string, string>();
  try {
    const parts = request.parts({
      limits: {
        fileSize: rules.maxBytes,
        files: 1,
        fields: FIELDS_MAX,
        fieldSize: FIELD_MAX_BYTES,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError('INVALID_INPUT', FIELD_TOO_LONG);
        // Two values of one choice: neither is taken over the other.
        if (fields.has(part.fieldname)) {
          throw new AppError(
            'INVALID_INPUT',
            `The upload's form field '${part.fieldname}' is sent twice`,
          );
        }
        // A part sent as application/json arrives parsed: the route reads its JSON text.
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        fields.set(part.fieldname, value);
        continue;
      }
      if (!rules.accepts(part)) {
        part.file.resume(); // let the rest go by unread
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', rules.wrongType);
      }
      received = await receiveFile(part, memory, rules.tooLarge);
    }
  } catch (error) {
    received?.release();
    throw uploadError(error, rules);
  }
  if (!received) throw new AppError('INVALID_INPUT', rules.wrongType);
  return { ...received, fields };
}

function uploadError(error: unknown, rules: UploadRules): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_FILES_LIMIT':
      return new AppError('INVALID_INPUT', ONE_FILE_ONLY);
    case 'FST_FIELDS_LIMIT':
      return new AppError('INVALID_INPUT', `An upload has at most ${FIELDS_MAX} form fields`);
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('TOO_LARGE', rules.tooLarge);
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('INVALID_INPUT', UPLOAD_INTERRUPTED);
    default:
      return new AppError('INVALID_INPUT', NOT_MULTIPART);
  }
}
