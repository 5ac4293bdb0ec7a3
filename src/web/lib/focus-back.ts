import { useEffect, useRef } from 'react';
import { focusIsLost } from './lost-focus.ts';

/**
 * A control disabled while its change is saved loses the focus (the browser moves it to the
 * page): it gets it back once the save is over, if it had it when the change was made and
 * nothing else has taken it since. Call `changed()` from the control's change handler (or its
 * click, when a confirmation comes between); `ref` goes on the control.
 */
export function useFocusBack<Element extends HTMLElement>(saving: boolean) {
  const ref = useRef<Element>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (saving || !hadFocus.current) return;
    hadFocus.current = false;
    if (focusIsLost()) ref.current?.focus();
  }, [saving]);
  const changed = () => {
    hadFocus.current = document.activeElement === ref.current;
  };
  return { ref, changed };
}
