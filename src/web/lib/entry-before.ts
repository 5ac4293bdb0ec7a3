import { useEffect } from 'react';
import { type Location, useLocation, useNavigate, useNavigationType } from 'react-router';

/**
 * For each entry of the tab's history the app has seen made, the entry before it: a link
 * followed adds an entry after the page it left, a replaced entry keeps what was before the one
 * it replaced. Entries made before the app started (a reload) are not known.
 */
const before = new Map<string, Location>();
let shown: Location | undefined;

/** Follows the app's moves through the history; the app's layout runs it once. */
export function useHistoryEntries() {
  const location = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (shown?.key === location.key) return;
    const previous = type === 'PUSH' ? shown : type === 'REPLACE' && shown && before.get(shown.key);
    if (previous) before.set(location.key, previous);
    shown = location;
  }, [location, type]);
}

/**
 * Leaving a page for the list at `listPath` (its record deleted): back to the list when the
 * list is the entry before the page, as the user left it (its search, filters and page kept),
 * else the list in place of the page. Either way Back then goes where it went before the list,
 * never to the same list a second time (Forward, though, finds the record gone). A user who
 * has gone elsewhere meanwhile (Back, a link, while the record was being deleted) stays there.
 */
export function useLeaveFor(listPath: string) {
  const navigate = useNavigate();
  const { key } = useLocation();
  return () => {
    if (shown !== undefined && shown.key !== key) return;
    if (before.get(key)?.pathname === listPath) navigate(-1);
    else navigate(listPath, { replace: true });
  };
}
