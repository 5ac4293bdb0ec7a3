import type { MultipartFile } from '@fastify/multipart';
import { AppError } from './errors.ts';

export const UPLOAD_INTERRUPTED = 'The upload was interrupted before the whole file arrived';

/**
 * Reads an uploaded file whole into memory before anything touches the database, so a client
 * that sends slowly, stalls or vanishes costs a socket and a bounded buffer, never a transaction
 * or a pooled connection. The multipart reader already stops at the size limit (`truncated`);
 * a connection that closes early fails the stream, and the request time limit closes one that
 * stalls.
 */
export async function readWholeFile(file: MultipartFile, tooLargeMessage: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file.file) chunks.push(chunk as Buffer);
  } catch (error) {
    if (error instanceof AppError) throw error; // the request's time limit passed
    throw new AppError('INVALID_INPUT', UPLOAD_INTERRUPTED);
  }
  if (file.file.truncated) throw new AppError('TOO_LARGE', tooLargeMessage);
  return Buffer.concat(chunks);
}
