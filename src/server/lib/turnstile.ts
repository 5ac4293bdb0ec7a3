import { setTimeout } from 'node:timers/promises';
import { AppError } from './errors.ts';

/**
 * Work that holds something the whole process shares while it runs (the memory of a calendar of a
 * hundred thousand deadlines, a core hashing a password, a pooled connection waiting on the mail
 * server), `count` at a time: the next waits its turn, holding nothing, up to `waitMs`, then is
 * answered 503 with `busy`. However many ask at once, what they hold is bounded.
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
