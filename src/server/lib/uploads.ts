import type { MultipartFile } from '@fastify/multipart';
import { AppError } from './errors.ts';

export const UPLOAD_INTERRUPTED = 'The upload was interrupted before the whole file arrived';
export const UPLOADS_BUSY =
  'The server is receiving too many files right now. Please try again in a minute.';

/**
 * The bytes of uploads that one server process may hold in memory at once, all requests
 * together: a client cannot make it hold more by opening more uploads.
 */
export function createUploadMemory(capacity: number) {
  let used = 0;
  return {
    /** Takes `bytes` of the budget, or refuses (false) when that would pass it. */
    take(bytes: number): boolean {
      if (used + bytes > capacity) return false;
      used += bytes;
      return true;
    },
    give(bytes: number) {
      used -= bytes;
    },
    get used() {
      return used;
    },
  };
}

export type UploadMemory = ReturnType<typeof createUploadMemory>;

/** A file received whole, as the chunks it arrived in; `release` gives its memory back. */
export interface ReceivedFile {
  chunks: Buffer[];
  release(): void;
}

/**
 * Receives an uploaded file whole, into memory, before anything touches the database, so a
 * client that sends slowly, stalls or vanishes costs a socket and a bounded buffer, never a
 * transaction or a pooled connection. The multipart reader stops at the size limit
 * (`truncated`); a connection that closes early fails the stream, and the request deadline
 * fails one that stalls. The caller must `release` what it got.
 */
export async function receiveFile(
  file: MultipartFile,
  memory: UploadMemory,
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
