import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * Holds back lazily loaded UI (a dialog, the notices) until it is first wanted, so its code (a
 * modal, a form and its validation) is not part of the page's first download. From then on it
 * stays mounted, so a dialog still closes with its transition and hands focus back.
 *
 * A dialog hands focus back to what had it when it opened, but one that mounts already open
 * (its first opening, here) never saw it open: what had the focus then is kept here, and given
 * the focus back when that first opening ends, as the dialog does from then on, unless it is
 * not to (`returnFocus`, as the dialog's own: it closed to open another page).
 */
export function LoadWhenOpened({
  opened,
  returnFocus = true,
  children,
}: {
  opened: boolean;
  returnFocus?: boolean;
  children: ReactNode;
}) {
  const [loaded, setLoaded] = useState(opened);
  const firstOpener = useRef<HTMLElement | null>(null);
  if (opened && !loaded) {
    setLoaded(true);
    firstOpener.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  useEffect(() => {
    const opener = firstOpener.current;
    if (opened || opener === null) return;
    firstOpener.current = null;
    if (!returnFocus) return;
    // After the dialog's own focus handling on closing (Mantine's waits 10 ms).
    const timeout = window.setTimeout(() => opener.focus({ preventScroll: true }), 20);
    return () => window.clearTimeout(timeout);
  }, [opened, returnFocus]);
  return loaded ? <Suspense fallback={null}>{children}</Suspense> : null;
}
