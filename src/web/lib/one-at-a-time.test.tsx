import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOneAtATime } from './one-at-a-time.ts';

describe('useOneAtATime', () => {
  it('runs once while a run is under way, and again once it has ended, failed or not', async () => {
    const runs: string[] = [];
    let finish = () => {};
    const { result } = renderHook(() =>
      useOneAtATime(async (what: string) => {
        runs.push(what);
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        if (what === 'fails') throw new Error('refused');
      }),
    );
    const first = result.current('first');
    const second = result.current('second');
    finish();
    await Promise.all([first, second]);
    expect(runs).toEqual(['first']);

    const failing = result.current('fails');
    finish();
    await expect(failing).rejects.toThrow('refused');
    const after = result.current('after');
    finish();
    await after;
    expect(runs).toEqual(['first', 'fails', 'after']);
  });
});
