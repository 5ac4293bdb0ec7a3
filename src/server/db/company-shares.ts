/** PostgreSQL's code for "too many connections": the database cannot serve the request now. */
const TOO_MANY_CONNECTIONS = '53300';

/** A company's transactions already hold its share of the pool's connections, and kept them. */
export class ShareInUse extends Error {
  readonly code = TOO_MANY_CONNECTIONS;
  constructor() {
    super("the company's share of the database connections stayed in use");
  }
}

/**
 * Each company's share of the pool: at most `share` of its transactions hold a connection at
 * once; the next waits for one of them to end, `waitMs` at the most (then ShareInUse, answered
 * 503 as a pool that stays busy is). What one company does that holds connections long (a merge
 * of thousands of records that its other writes wait behind, downloads whose client stopped
 * reading) thus leaves the rest of the pool to the other companies.
 */
export function companyShares(share: number, waitMs: number) {
  const holding = new Map<number, number>();
  const waiting = new Map<number, (() => void)[]>();

  /** Hands the connection slot to the company's next waiting transaction, or frees it. */
  const leave = (companyId: number) => {
    const next = waiting.get(companyId)?.shift();
    if (waiting.get(companyId)?.length === 0) waiting.delete(companyId);
    if (next) return next();
    const held = (holding.get(companyId) ?? 1) - 1;
    if (held === 0) holding.delete(companyId);
    else holding.set(companyId, held);
  };

  return {
    /**
     * Takes one of the company's slots (waiting for one, unless `signal` says the wait is no
     * longer wanted); answers the function that gives it back.
     */
    async enter(companyId: number, signal?: AbortSignal): Promise<() => void> {
      const held = holding.get(companyId) ?? 0;
      if (held < share) {
        holding.set(companyId, held + 1);
      } else {
        await new Promise<void>((resolve, reject) => {
          const queue = waiting.get(companyId) ?? [];
          waiting.set(companyId, queue);
          const wake = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', abandon);
            resolve();
          };
          /** Out of the line: waited too long, or whoever waited has gone (`signal`). */
          const leaveLine = (reason: unknown) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', abandon);
            queue.splice(queue.indexOf(wake), 1);
            if (queue.length === 0) waiting.delete(companyId);
            reject(reason);
          };
          const abandon = () => leaveLine(signal?.reason);
          const timer = setTimeout(() => leaveLine(new ShareInUse()), waitMs);
          queue.push(wake);
          signal?.addEventListener('abort', abandon, { once: true });
        });
      }
      let left = false;
      return () => {
        if (left) return;
        left = true;
        leave(companyId);
      };
    },
  };
}
