import type { FastifyReply } from 'fastify';
import { makingDownload } from '../db/company-shares.ts';
import { AppError } from './errors.ts';

const RETRY_AFTER_SECONDS = 30;

export const DOWNLOADS_BUSY =
  'Too many files are being downloaded right now. Please try again once one has finished.';

/**
 * The downloads being written and sent at once (exports, calendars): each holds a file of the
 * process's until its client has taken it all or gone (lib/spool.ts), and a client that reads a
 * little at a time keeps it for as long as it likes. Without a bound, one company asking for
 * exports it then read slowly filled the server's disk, the database's with it. A company may
 * have `perCompany` at once and the process `total`; the next is answered 503 before anything is
 * read for it.
 */
export function createDownloadSlots(perCompany: number, total: number) {
  let sending = 0;
  const byCompany = new Map<number, number>();
  const release = (companyId: number) => {
    sending -= 1;
    const left = (byCompany.get(companyId) ?? 0) - 1;
    if (left > 0) byCompany.set(companyId, left);
    else byCompany.delete(companyId);
  };
  return {
    /**
     * Runs `write` (which makes the download's file) in a slot of `companyId`'s, and keeps the
     * slot until `reply`'s connection has sent it or closed; refused (503) when the company or
     * the process has no slot free, and given back at once when `write` fails. Its transactions
     * take the company's connections for downloads (makingDownload), fewer than its share.
     */
    async hold<T>(companyId: number, reply: FastifyReply, write: () => Promise<T>): Promise<T> {
      const held = byCompany.get(companyId) ?? 0;
      if (held >= perCompany || sending >= total) {
        // A download is sent in seconds: a client (a calendar application) may come back soon.
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw new AppError('UNAVAILABLE', DOWNLOADS_BUSY);
      }
      sending += 1;
      byCompany.set(companyId, held + 1);
      let released = false;
      const once = () => {
        if (released) return;
        released = true;
        release(companyId);
      };
      try {
        const made = await makingDownload(write);
        // 'close' comes once the answer is sent whole, or the connection ended before.
        if (reply.raw.closed || reply.raw.destroyed) once();
        else reply.raw.once('close', once);
        return made;
      } catch (error) {
        once();
        throw error;
      }
    },
    get sending() {
      return sending;
    },
  };
}

export type DownloadSlots = ReturnType<typeof createDownloadSlots>;
