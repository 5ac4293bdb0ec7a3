import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { COMPANY_SHARE } from '../db/client.ts';
import { companyShares, ShareInUse } from '../db/company-shares.ts';
import { AppError } from './errors.ts';

const RETRY_AFTER_SECONDS = 30;

/**
 * A company's downloads (exports and calendars together) whose files are being made at once,
 * each in one transaction at a time: the two connections of its share left always answer its
 * people's lists and saves. With the whole share, five large exports at once left a colleague's
 * list and save waiting until they were done, or answered 503.
 */
const MAKING_AT_ONCE = COMPANY_SHARE - 2;
/** How long a download waits for one being made to end before it is refused (busy, 503). */
const MAKING_WAIT_MS = 30_000;

/** The turns of each company's downloads to have their files made (MAKING_AT_ONCE). */
export const createMakingTurns = () => companyShares(MAKING_AT_ONCE, MAKING_WAIT_MS);
export type MakingTurns = ReturnType<typeof createMakingTurns>;

export const DOWNLOADS_BUSY =
  'Too many files are being downloaded right now. Please try again once one has finished.';

/** Why a download's file was left unmade: nobody is left to send it to (the answer is never sent). */
export const DOWNLOAD_CLIENT_GONE = 'The connection closed before the file was made';

/**
 * The downloads being written and sent at once (exports, calendars): each holds a file of the
 * process's until its client has taken it all or gone (lib/spool.ts), and a client that reads a
 * little at a time keeps it for as long as it likes. Without a bound, one company asking for
 * exports it then read slowly filled the server's disk, the database's with it. A company may
 * have `perCompany` at once and the process `total`; the next is answered 503 before anything is
 * read for it.
 */
export function createDownloadSlots(perCompany: number, total: number, making: MakingTurns) {
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
     * the process has no slot free, and given back at once when `write` fails. `write` runs in
     * one of the company's turns to make a file (`making`, shared by its exports and calendars),
     * taken before anything else `write` waits for (a calendar's turn in the process), and it
     * waits for one as long as MAKING_WAIT_MS; refused busy then. A client gone while its file
     * is made aborts `write`'s signal: the rest of the file is not made for nobody (a large
     * export read every row, holding a turn and a connection, after its client had gone).
     */
    async hold<T>(
      companyId: number,
      reply: FastifyReply,
      write: (signal: AbortSignal) => Promise<T>,
      /** The file `write` made, which the answer sends (`made` itself when it is one). */
      fileOf: (made: T) => Readable = (made) => made as Readable,
    ): Promise<T> {
      // A download is sent in seconds: a client (a calendar application) may come back soon.
      const busy = () => {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return new AppError('UNAVAILABLE', DOWNLOADS_BUSY);
      };
      const held = byCompany.get(companyId) ?? 0;
      if (held >= perCompany || sending >= total) throw busy();
      sending += 1;
      byCompany.set(companyId, held + 1);
      let released = false;
      const once = () => {
        if (released) return;
        released = true;
        release(companyId);
      };
      // A client gone while its download waits for its turn is taken out of the line: it would
      // have kept its slot and had a file made for nobody.
      const connection = reply.raw.req.socket;
      const waiting = new AbortController();
      const gone = () => waiting.abort(new ShareInUse());
      connection.once('close', gone);
      try {
        const leaveTurn = await making
          .enter(companyId, waiting.signal)
          .catch((error: unknown) => {
            throw error instanceof ShareInUse ? busy() : error;
          })
          .finally(() => connection.off('close', gone));
        let made: T;
        const unwanted = new AbortController();
        const left = () => unwanted.abort(new AppError('REQUEST_TIMEOUT', DOWNLOAD_CLIENT_GONE));
        connection.once('close', left);
        try {
          // Gone between its turn and now: 'close' has come and gone.
          if (connection.destroyed) left();
          made = await write(unwanted.signal);
        } finally {
          connection.off('close', left);
          leaveTurn();
        }
        // 'close' comes once the answer is sent whole, or the connection ended before. An answer
        // queued behind another on the same connection (HTTP/1.1 pipelining) has no connection
        // yet and hears nothing when it drops: the connection's own 'close' gives its slot back,
        // and its file, which nothing will read, is closed.
        const dropped = () => {
          fileOf(made).destroy();
          once();
        };
        if (connection.destroyed) dropped();
        else if (reply.raw.closed || reply.raw.destroyed) once();
        else {
          connection.once('close', dropped);
          reply.raw.once('close', () => {
            connection.off('close', dropped);
            once();
          });
        }
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
