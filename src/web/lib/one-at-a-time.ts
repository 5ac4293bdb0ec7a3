import { useRef } from 'react';

/**
 * `action`, run only when no run of it is still under way: a double click or a second Enter on
 * a form saves once. The button's own disabled state comes a render later, after the second
 * click has already been taken.
 */
export function useOneAtATime<Args extends unknown[]>(
  action: (...args: Args) => Promise<unknown>,
): (...args: Args) => Promise<void> {
  const running = useRef(false);
  return async (...args: Args) => {
    if (running.current) return;
    running.current = true;
    try {
      await action(...args);
    } finally {
      running.current = false;
    }
  };
}
