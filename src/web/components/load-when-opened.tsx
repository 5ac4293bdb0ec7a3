import { type ReactNode, Suspense, useState } from 'react';

/**
 * Holds back lazily loaded UI (a dialog, the notices) until it is first wanted, so its code (a
 * modal, a form and its validation) is not part of the page's first download. From then on it
 * stays mounted, so a dialog still closes with its transition and hands focus back.
 */
export function LoadWhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [loaded, setLoaded] = useState(opened);
  if (opened && !loaded) setLoaded(true);
  return loaded ? <Suspense fallback={null}>{children}</Suspense> : null;
}
