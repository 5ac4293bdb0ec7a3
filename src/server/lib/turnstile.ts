import { setTimeout } from 'node:timers/promises';
import { AppError } from './errors.ts';

/**
 * Work that holds something the whole process shares while it runs (the memory of a calendar of a
 * hundred thousand deadlines, a core hashing a password, a pooled connection waiting on the mail
 * server), `count` at a time: the next waits its turn, holding nothing, up to `waitMs`, then is
 * answered 503 with `busy`. However many ask at once, what they hold is bounded.
 *
 * Those who wait are in a line of their own for each asker (`whose`: a company, a client's
 * address), and a turn that comes free goes to each line in turn, not to whoever asked first:
 * one asker sending a hundred at once makes the others wait for one of theirs, not the hundred.
 */
export function turnstile(count: number, waitMs: number, busy: string) {
  let running = 0;
  /** The lines of those waiting, by asker, in the order their turns come round. */
  const lines = new Map<string, (() => void)[]>();

  const enter = async (whose: string, signal?: AbortSignal) => {
    signal?.throwIfAborted();
    if (running < count) {
      running += 1;
      return;
    }
    let admit = () => {};
    const turn = new Promise<void>((resolve) => {
      admit = resolve;
    });
    const line = lines.get(whose) ?? [];
    line.push(admit);
    lines.set(whose, line);
    const waited = new AbortController();
    const late = setTimeout(waitMs, 'late' as const, { signal: waited.signal }).catch(() => null);
    const gone = new Promise<'gone'>((resolve) =>
      signal?.addEventListener('abort', () => resolve('gone'), { signal: waited.signal }),
    );
    const outcome = await Promise.race([turn.then(() => 'admitted' as const), late, gone]);
    waited.abort();
    const at = line.indexOf(admit);
    // Admitted at the moment it was late, or its asker went: the turn is its own.
    if (outcome !== 'admitted' && at >= 0) {
      line.splice(at, 1);
      if (line.length === 0 && lines.get(whose) === line) lines.delete(whose);
      throw outcome === 'gone' ? signal?.reason : new AppError('UNAVAILABLE', busy);
    }
  };
  // The turn goes to the first in the next line (which then goes to the back of the round if
  // others of it still wait), or is given back.
  const leave = () => {
    const [whose, line] = lines.entries().next().value ?? [];
    const next = line?.shift();
    if (whose === undefined || line === undefined || next === undefined) {
      running -= 1;
      return;
    }
    lines.delete(whose);
    if (line.length > 0) lines.set(whose, line);
    next();
  };

  /**
   * Runs `work` in a turn of `whose` line. Once `signal` aborts (whoever asked has gone), a wait
   * for a turn ends at once with its reason, and work whose turn came meanwhile is not begun:
   * a calendar whose client had gone read its deadlines when its turn came.
   */
  return async function inTurn<T>(
    whose: string,
    work: () => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    await enter(whose, signal);
    try {
      signal?.throwIfAborted();
      return await work();
    } finally {
      leave();
    }
  };
}
