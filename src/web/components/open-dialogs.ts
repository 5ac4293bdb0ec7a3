import type { RefObject } from 'react';

/**
 * The dialogs open now, and the browser's Back and Forward over them. Kept apart from the
 * question itself (discard-question.ts) so that the guard, which must start with the app, adds
 * next to nothing to its first download.
 */

/** A dialog open now: whether anything was typed in it, and its close (which discards that). */
export interface OpenDialog {
  typed: RefObject<boolean>;
  close: RefObject<() => void>;
  /** Where in the tab's history it was opened (the router's index of the page): null unknown. */
  at: number | null;
  /** A form of the page itself rather than a dialog (useUnsavedChanges): it stays open. */
  page?: boolean;
}

export const openDialogs = new Set<OpenDialog>();

/** The router's index of a history entry, kept in its state. */
export const indexOf = (state: unknown) =>
  typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number'
    ? state.idx
    : null;

/**
 * A move of the guard's own under way, known by the entry it lands on (`to`): the user's move
 * undone, after which the question is asked, or the move made again once agreed to (Discard),
 * which goes to the router. `wanted` is the entry the user was going to.
 */
let own: { to: number; next: 'ask' | 'pass'; wanted: number } | null = null;

/**
 * Asks whether to lose what was typed, as Escape over the dialog asks: given by the dialogs'
 * own code (discard-question.ts), which has loaded by the time anything is typed in one, so
 * that the question's code is not part of every page's first download.
 */
let askToDiscard: (discard: () => void) => void = (discard) => discard();
export const askBeforeMovesWith = (ask: typeof askToDiscard) => {
  askToDiscard = ask;
};

/**
 * Leaves what is on screen (a search result or a notification opened, another tab of the page,
 * signing out): when anything was typed in an open dialog or page form, once the user agrees to
 * discard it, asked as Escape over a dialog asks. The open dialogs close first: the page opened
 * may be the same page for another record (another contact), which would keep them open over it.
 */
export function leaveAsked(leave: () => void) {
  const forms = [...openDialogs];
  const go = () => {
    for (const form of forms) form.close.current();
    leave();
  };
  if (forms.some((form) => form.typed.current)) askToDiscard(go);
  else go();
}

/**
 * The browser's Back or Forward (or a jump from its history list) over a dialog with something
 * typed in it. The page is left as it is: the move is undone before the router hears of it,
 * back to the entry the dialog was opened on, and the question is asked, as Escape asks; on
 * Discard the dialogs close and the move is made again, this time for the router. A move that
 * lands anywhere but where the guard's own was to land is the user's: asked about anew (a
 * question already open is asked again, once).
 */
function onHistoryMove(event: PopStateEvent) {
  const to = indexOf(event.state);
  const expected = own;
  own = null;
  if (expected && to === expected.to) {
    if (expected.next === 'pass') return;
    event.stopImmediatePropagation();
    leaveAsked(() => {
      own = { to: expected.wanted, next: 'pass', wanted: expected.wanted };
      window.history.go(expected.wanted - expected.to);
    });
    return;
  }
  const typedIn = [...openDialogs].find((dialog) => dialog.typed.current);
  const at = typedIn?.at ?? null;
  if (at === null || to === null || to === at) return;
  event.stopImmediatePropagation();
  own = { to: at, next: 'ask', wanted: to };
  window.history.go(at - to);
}

/**
 * Has the browser's Back and Forward ask before losing what was typed in a dialog. Called before
 * the router starts: the window's listeners hear an event in the order they were added, and this
 * one is to hear a move first, to undo it before the router shows another page.
 */
export const guardHistoryMoves = () => window.addEventListener('popstate', onHistoryMove);
