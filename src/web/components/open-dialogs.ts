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
}

export const openDialogs = new Set<OpenDialog>();

/** The router's index of a history entry, kept in its state. */
export const indexOf = (state: unknown) =>
  typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number'
    ? state.idx
    : null;

/** The move of the browser's Back or Forward being undone, while it is: how far it went. */
let undoing: number | null = null;
/** A move agreed to (Discard): it goes through to the router. */
let agreed = false;

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
 * The browser's Back or Forward over a dialog with something typed in it. The page is left as
 * it is: the move is undone before the router hears of it, and the question is asked, as Escape
 * asks; on Discard the dialogs close and the move is made again, this time for the router.
 */
function onHistoryMove(event: PopStateEvent) {
  if (agreed) {
    agreed = false;
    return;
  }
  if (undoing !== null) {
    event.stopImmediatePropagation();
    const move = undoing;
    undoing = null;
    const dialogs = [...openDialogs];
    askToDiscard(() => {
      for (const dialog of dialogs) dialog.close.current();
      agreed = true;
      window.history.go(move);
    });
    return;
  }
  const typedIn = [...openDialogs].find((dialog) => dialog.typed.current);
  const to = indexOf(event.state);
  if (!typedIn || typedIn.at === null || to === null || to === typedIn.at) return;
  event.stopImmediatePropagation();
  undoing = to - typedIn.at;
  window.history.go(typedIn.at - to);
}
/**
 * Has the browser's Back and Forward ask before losing what was typed in a dialog. Called before
 * the router starts: the window's listeners hear an event in the order they were added, and this
 * one is to hear a move first, to undo it before the router shows another page.
 */
export const guardHistoryMoves = () => window.addEventListener('popstate', onHistoryMove);
