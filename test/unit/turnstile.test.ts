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
  const again = inTurn('a', next.work);
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
    const running = inTurn('a', first.work);
    const waiting = inTurn('a', second.work);
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
    const running = inTurn('a', first.work);
    await expect(inTurn('a', async () => 'never')).rejects.toEqual(
      new AppError('UNAVAILABLE', 'Busy'),
    );
    first.release();
    await running;
    await expectRunsAtOnce(inTurn);
  });

  it('gives each asker a turn in its round: one asking many times makes the others wait for one of its', async () => {
    const inTurn = turnstile(1, 10_000, 'Busy');
    const order: string[] = [];
    const first = held();
    const running = inTurn('flood', first.work);
    const asked = (whose: string, i: number) =>
      inTurn(whose, async () => {
        order.push(`${whose} ${i}`);
      });
    // Five from one asker, then one each from two others, while the turn is held.
    const waiting = [
      ...[1, 2, 3, 4, 5].map((i) => asked('flood', i)),
      asked('b', 1),
      asked('c', 1),
      asked('b', 2),
    ];
    first.release();
    await running;
    await Promise.all(waiting);
    expect(order).toEqual([
      'flood 1',
      'b 1',
      'c 1',
      'flood 2',
      'b 2',
      'flood 3',
      'flood 4',
      'flood 5',
    ]);
    await expectRunsAtOnce(inTurn);
  });

  it('leaves an asker whose work waited too long out of the round, and serves the others', async () => {
    const inTurn = turnstile(1, 50, 'Busy');
    const first = held();
    const running = inTurn('a', first.work);
    const late = inTurn('late', async () => 'never');
    await expect(late).rejects.toEqual(new AppError('UNAVAILABLE', 'Busy'));
    const next = inTurn('b', async () => 'served');
    first.release();
    await running;
    expect(await next).toBe('served');
    await expectRunsAtOnce(inTurn);
  });

  it('gives the turn back when the work fails', async () => {
    const inTurn = turnstile(1, 50, 'Busy');
    await expect(inTurn('a', async () => Promise.reject(new Error('broke')))).rejects.toThrow(
      'broke',
    );
    expect(await inTurn('a', async () => 'ran')).toBe('ran');
  });

  /** A turnstile of one turn, held; and work of an asker's (`asker`) waiting for it. */
  function waitingBehindAnother() {
    const inTurn = turnstile(1, 10_000, 'Busy');
    const first = held();
    const running = inTurn('a', first.work);
    const asker = new AbortController();
    let begun = false;
    const waiting = inTurn(
      'b',
      async () => {
        begun = true;
        return 'read';
      },
      asker.signal,
    );
    const letGo = async () => {
      first.release();
      await running;
    };
    return { inTurn, asker, waiting, letGo, begun: () => begun };
  }

  it('takes work whose asker has gone out of the line at once, and never begins it', async () => {
    const { inTurn, asker, waiting, letGo, begun } = waitingBehindAnother();
    const gone = new Error('the client went');
    asker.abort(gone);
    // Refused with the asker's reason while the turn is still held, not when it comes free.
    await expect(waiting).rejects.toBe(gone);
    await letGo();
    expect(begun()).toBe(false);
    // Gone before it asked: refused at once, nothing begun.
    await expect(inTurn('b', async () => 'read', asker.signal)).rejects.toBe(gone);
    await expectRunsAtOnce(inTurn);
  });

  it('does not begin work whose asker went at the moment its turn came', async () => {
    const { inTurn, asker, waiting, letGo, begun } = waitingBehindAnother();
    // The turn handed over, and the asker gone before the work could begin.
    await letGo();
    asker.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(begun()).toBe(false);
    await expectRunsAtOnce(inTurn);
  });
});
