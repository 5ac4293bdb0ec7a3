import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useOnPageChange } from '../lib/page-change.ts';

/** A question put to the user before something that cannot be undone. */
export interface Confirmation {
  title: string;
  message: ReactNode;
  /** The button that goes ahead: 'Delete', 'Remove', 'Assign'. */
  confirmLabel: string;
  /** A change that loses nothing (a status set on many records): its button is not red. */
  harmless?: boolean;
  /** Runs on the red button only, after the dialog has closed. */
  onConfirm: () => unknown;
}

// The dialog's code (and the modal it is built on) loads when a first question is asked, so
// the signed-in shell that hosts it stays small.
const ConfirmDialog = lazy(() => import('./confirm-dialog.tsx'));

let asked: Confirmation | null = null;
const listeners = new Set<() => void>();
const setAsked = (next: Confirmation | null) => {
  asked = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Whether a question is open now. A dialog under it leaves Escape to the question: both would
 * take the same key press, and the dialog's own question on closing would be asked anew.
 */
export const useQuestionOpen = () =>
  useSyncExternalStore(
    subscribe,
    () => asked !== null,
    () => false,
  );

/** What had the focus when the question was asked: it has it back when the dialog closes. */
let opener: HTMLElement | null = null;

/** Opens the confirmation dialog (one at a time: a new question replaces an open one). */
export function askConfirmation(confirmation: Confirmation) {
  if (asked === null) {
    opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  setAsked(confirmation);
}

/**
 * Takes back `confirmation` if it is still asked (what it asks about has gone), as Cancel does;
 * true if it was.
 */
export function withdrawConfirmation(confirmation: Confirmation) {
  if (asked !== confirmation) return false;
  closeConfirmation(() => {});
  return true;
}

/**
 * Closes the dialog and gives the focus back to what had it before, once the dialog has gone;
 * when that goes too (the button of the row just deleted), `keepFocus` (read by the dialog
 * while it was open) gives it to the row that takes its place. `then` (the answer's action)
 * runs after.
 */
function closeConfirmation(keepFocus: () => void, then?: () => unknown) {
  const back = opener;
  opener = null;
  setAsked(null);
  window.setTimeout(() => {
    if (back?.isConnected) back.focus({ preventScroll: true });
    keepFocus();
    void then?.();
  }, 0);
}

/** Where the confirmation dialog appears: rendered once, in the signed-in shell. */
export function ConfirmationHost() {
  // A question still open when the host goes (signed out meanwhile) goes with it: it is not
  // asked again, of what is no longer on screen, when a host comes back.
  useEffect(
    () => () => {
      opener = null;
      setAsked(null);
    },
    [],
  );
  // Nor does it stay over another page (the browser's Back, a link): it was asked of the one
  // left, and answered there, 'Delete' would delete what is no longer shown. It goes as Cancel.
  useOnPageChange(() => {
    if (asked === null) return;
    opener = null;
    setAsked(null);
  });
  const confirmation = useSyncExternalStore(
    subscribe,
    () => asked,
    () => null,
  );
  if (!confirmation) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog confirmation={confirmation} opener={opener} onClose={closeConfirmation} />
    </Suspense>
  );
}
