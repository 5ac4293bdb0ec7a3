import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Calls `leave` when the page changes under what is open over it (the browser's Back or Forward,
 * a link): a question, the search or the notifications were opened over the page left, and
 * stay there.
 */
export function useOnPageChange(leave: () => void) {
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  const latest = useRef(leave);
  latest.current = leave;
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    latest.current();
  }, [pathname]);
}
