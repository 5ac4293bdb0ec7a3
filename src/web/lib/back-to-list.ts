import { type Location, useLocation, useNavigate } from 'react-router';
import { entryBefore, shownKey } from './entry-before.ts';

// Apart from the history's follower (entry-before.ts), which every page's first download holds:
// only a record's page leaves for its list.

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
    const shown = shownKey();
    if (shown !== undefined && shown !== key) return;
    if (entryBefore(key)?.pathname === listPath) navigate(-1);
    else navigate(listPath, { replace: true });
  };
}

/**
 * The list at `listPath` as the user left it for the entry `key`, when it is the entry before
 * it. Known once the app's layout has seen the entry shown: after a page's first render.
 */
export function listBefore(key: string, listPath: string): Location | undefined {
  const previous = entryBefore(key);
  return previous?.pathname === listPath ? previous : undefined;
}
