/** Keys that step a closed select to another option at once, without opening it. */
const STEP_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/** Whether a key steps a closed select to another option (an arrow, a letter), not picks one. */
export const stepsSelect = (event: { key: string; altKey: boolean }) =>
  STEP_KEYS.has(event.key) || (event.key.length === 1 && event.key !== ' ' && !event.altKey);
