import { useRef } from 'react';

/**
 * `action`, run only when no run of it is still under way: a double click or a second Enter on
 * a form saves once. The button's own disabled state comes a render later, after the second
 * click has already been taken. Resolves to what the run answered; a call not run, to nothing.
 */
export function useOneAtATime<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result | undefined> {
  const running = useRef(false);
  return async (...args: Args) => {
    if (running.current) return undefined;
    running.current = true;
    try {
      return await action(...args);
    } finally {
      running.current = false;
    }
  };
}
