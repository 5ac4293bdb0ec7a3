import { focusIsLost } from '../lib/lost-focus.ts';
import classes from './skip-link.module.css';

/**
 * What makes an element the target of the skip link: every page's `<main>` spreads it. Focusable
 * from the link only (tabIndex -1), so Tab goes on from there without stopping on it again.
 */
export const MAIN_CONTENT = { id: 'main-content', tabIndex: -1 } as const;

/**
 * Puts the focus on the page's main content when it is nowhere (on the page's body): the control
 * that had it has gone (a dialog closed over a record deleted meanwhile, whose page now says so;
 * the sign-in form, once signed in). A screen reader reads on from there, and Tab goes on from
 * there, rather than from the top of the page.
 */
export function focusMainIfLost() {
  if (focusIsLost()) focusMain({ preventScroll: true });
}

/** Puts the focus on the page's main content, where a screen reader reads on from. */
export const focusMain = (options?: FocusOptions) =>
  document.getElementById(MAIN_CONTENT.id)?.focus(options);

/**
 * 'Skip to content': the first stop of Tab on every page, out of sight until it has the focus.
 * Following it puts the focus on the page's main content, past the navigation.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT.id}`}
      className={classes.link}
      // The focus moves without a new entry in the tab's history: Back still leaves the page.
      onClick={(event) => {
        event.preventDefault();
        focusMain();
      }}
    >
      Skip to content
    </a>
  );
}
