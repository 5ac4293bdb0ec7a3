import { useEffect } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router';

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
  // Gone (signed out), it knows nothing more of where the user is.
  useEffect(
    () => () => {
      shown = undefined;
    },
    [],
  );
}

/** The entry the app saw before the entry `key`, if any. */
export const entryBefore = (key: string) => before.get(key);

/** The key of the entry shown now, as the app's layout last saw it (none: not known). */
export const shownKey = () => shown?.key;
