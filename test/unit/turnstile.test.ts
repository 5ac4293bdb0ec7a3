import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/lib/errors.ts';
import { turnstile } from '../../src/server/lib/turnstile.ts';

/** Work that runs until it is let go, and says when it started. */
function held() {
  let release = () => {};
  let started = false;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    work: async () => {
      started = true;
      await done;
      return 'done';
    },
    release,
    started: () => started,
  };
}

/** Work given to `inTurn` now starts at once: every turn has been given back. */
async function expectRunsAtOnce(inTurn: ReturnType<typeof turnstile>) {
  const next = held();
  const again = inTurn(next.work);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(next.started()).toBe(true);
  next.release();
  expect(await again).toBe('done');
}

describe('a turnstile', () => {
  it('lets `count` work at once, and the next in turn as each ends', async () => {
    const inTurn = turnstile(1, 10_000, 'Busy');
    const first = held();
    const second = held();
    const running = inTurn(first.work);
    const waiting = inTurn(second.work);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([first.started(), second.started()]).toEqual([true, false]);
    first.release();
    expect(await running).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(second.started()).toBe(true);
    second.release();
    expect(await waiting).toBe('done');
    // Its turns all given back: the next runs at once.
    await expectRunsAtOnce(inTurn);
  });

  it('refuses work that waited longer than it may, and leaves it out of the line', async () => {
    const inTurn = turnstile(1, 50, 'Busy');
    const first = held();
    const running = inTurn(first.work);
    await expect(inTurn(async () => 'never')).rejects.toEqual(new AppError('UNAVAILABLE', 'Busy'));
    first.release();
    await running;
    await expectRunsAtOnce(inTurn);
  });

  it('gives the turn back when the work fails', async () => {
    const inTurn = turnstile(1, 50, 'Busy');
    await expect(inTurn(async () => Promise.reject(new Error('broke')))).rejects.toThrow('broke');
    expect(await inTurn(async () => 'ran')).toBe('ran');
  });
});
