import { type ChangeEvent, type KeyboardEvent, useRef, useState } from 'react';

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
const stepsSelect = (event: { key: string; altKey: boolean }) =>
  STEP_KEYS.has(event.key) || (event.key.length === 1 && event.key !== ' ' && !event.altKey);

/**
 * A native select whose choice does something (saves a status, asks about a change to many
 * records, takes a field from another column): an option picked from its opened list is chosen
 * at once; the options a closed select is stepped through from the keyboard (the arrows, a
 * letter) are only shown, and the one stepped to is chosen on Enter, or when the select is left
 * (`whenLeft: 'forget'` lets it go instead); Escape goes back. Each option passed on the way was
 * chosen. The handlers and the value shown are spread on the NativeSelect.
 */
export function useSteppedChoice<Value extends string>(
  value: Value,
  choose: (value: Value) => void,
  { whenLeft = 'choose' }: { whenLeft?: 'choose' | 'forget' } = {},
) {
  const [stepped, setStepped] = useState<Value | null>(null);
  const stepping = useRef(false);
  const chosen = (next: Value | null) => {
    setStepped(null);
    if (next !== null && next !== value) choose(next);
  };
  return {
    value: stepped ?? value,
    // Escape goes back rather than closing the dialog the select is in (Mantine's modals listen
    // for it on the window, before the select hears it, but for such a target).
    'data-mantine-stop-propagation': stepped !== null || undefined,
    onKeyDown: (event: KeyboardEvent<HTMLSelectElement>) => {
      if (event.key === 'Enter' && stepped !== null) {
        event.preventDefault();
        chosen(stepped);
      } else if (event.key === 'Escape' && stepped !== null) {
        event.stopPropagation();
        setStepped(null);
      }
      stepping.current = stepsSelect(event);
    },
    onKeyUp: () => {
      stepping.current = false;
    },
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      const next = event.currentTarget.value as Value;
      if (stepping.current) setStepped(next);
      else chosen(next);
    },
    onBlur: () => chosen(whenLeft === 'choose' ? stepped : null),
  };
}
