import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { focusIsLost } from '../lib/lost-focus.ts';

/**
 * Holds back lazily loaded UI (a dialog, the notices) until it is first wanted, so its code (a
 * modal, a form and its validation) is not part of the page's first download. From then on it
 * stays mounted, so a dialog still closes with its transition and hands focus back.
 *
 * A dialog hands focus back to what had it when it opened, but one that mounts already open
 * (its first opening, here) never saw it open: what had the focus then is kept here, and given
 * the focus back when that first opening ends, as the dialog does from then on, unless it is
 * not to (`returnFocus`, as the dialog's own: it closed to open another page).
 *
 * A dialog the browser's Back or Forward opened (an entry of the history) had no control to
 * give the focus back to: closed, it would leave it on the page itself. `opener`, given while
 * it is open, finds the control that opens what it shows, which is given the focus instead.
 */
export function LoadWhenOpened({
  opened,
  returnFocus = true,
  opener,
  children,
}: {
  opened: boolean;
  returnFocus?: boolean;
  opener?: (() => HTMLElement | null) | undefined;
  children: ReactNode;
}) {
  const [loaded, setLoaded] = useState(opened);
  const firstOpener = useRef<HTMLElement | null>(null);
  const wasOpened = useRef(opened);
  // The opener of what it shows, or showed last: looked for once it has closed.
  const openerNow = useRef(opener);
  if (opened) openerNow.current = opener;
  if (opened && !loaded) {
    setLoaded(true);
    firstOpener.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  useEffect(() => {
    const closed = wasOpened.current && !opened;
    wasOpened.current = opened;
    if (!closed) return;
    const first = firstOpener.current;
    firstOpener.current = null;
    if (!returnFocus) return;
    const findOpener = openerNow.current;
    // Where the focus was, in the dialog, as it closed.
    const left = document.activeElement;
    // After the dialog's own focus handling on closing (Mantine's waits 10 ms).
    const timeout = window.setTimeout(() => {
      first?.focus({ preventScroll: true });
      // Still in the dialog going away, or on the page itself: nothing opened it.
      const at = document.activeElement;
      if (at === left || focusIsLost() || at?.tagName === 'MAIN') {
        findOpener?.()?.focus({ preventScroll: true });
      }
    }, 20);
    return () => window.clearTimeout(timeout);
  }, [opened, returnFocus]);
  return loaded ? <Suspense fallback={null}>{children}</Suspense> : null;
}
