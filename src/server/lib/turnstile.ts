import { setTimeout } from 'node:timers/promises';
import { AppError } from './errors.ts';

/**
 * Work that holds much memory while it runs (a calendar of a hundred thousand deadlines, read and
 * written out), `count` at a time in the whole process: the next waits its turn, up to `waitMs`,
 * then is answered 503 with `busy`. However many ask at once, the memory they hold is bounded.
 */
export function turnstile(count: number, waitMs: number, busy: string) {
  let running = 0;
  const waiting: (() => void)[] = [];

  const enter = async () => {
    if (running < count) {
      running += 1;
      return;
    }
    let admit = () => {};
    const turn = new Promise<void>((resolve) => {
      admit = resolve;
    });
    waiting.push(admit);
    const timer = new AbortController();
    const late = setTimeout(waitMs, true, { signal: timer.signal }).catch(() => false);
    const tooLate = await Promise.race([turn.then(() => false), late]);
    timer.abort();
    const at = waiting.indexOf(admit);
    // Admitted at the moment it was late: the turn is its own.
    if (tooLate && at >= 0) {
      waiting.splice(at, 1);
      throw new AppError('UNAVAILABLE', busy);
    }
  };
  // The turn goes to the next in line, or is given back.
  const leave = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    await enter();
    try {
      return await work();
    } finally {
      leave();
    }
  };
}
