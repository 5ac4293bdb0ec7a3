import { randomUUID } from 'node:crypto';
import { open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * A download written whole to a file of this process's before it is sent: `write` appends its
 * text, then the file is read from its start as the client takes it. The file is removed from its
 * directory as soon as it is made, so nothing of it outlives the download, even a crash; what the
 * download was made of (a transaction, the rows in memory) is let go before the client reads a
 * byte, so a client that reads slowly or not at all holds a file, never a connection or memory.
 */
export async function spooled(
  write: (append: (text: string) => Promise<void>) => Promise<void>,
  /** Aborted when the file is no longer wanted: the next append throws its reason. */
  signal?: AbortSignal,
): Promise<Readable> {
  const path = join(tmpdir(), `grantwell-download-${randomUUID()}`);
  const file = await open(path, 'wx+', 0o600);
  try {
    await unlink(path);
    await write(async (text) => {
      signal?.throwIfAborted();
      await file.write(text);
    });
    // Read from its start; closed once read, or once the download ends early.
    return file.createReadStream({ start: 0 });
  } catch (error) {
    await file.close();
    throw error;
  }
}
