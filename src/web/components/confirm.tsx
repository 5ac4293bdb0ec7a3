import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';

/** A question put to the user before something that cannot be undone. */
export interface Confirmation {
  title: string;
  message: ReactNode;
  /** The red button's label: 'Delete', 'Remove'. */
  confirmLabel: string;
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

/** Opens the confirmation dialog (one at a time: a new question replaces an open one). */
export function askConfirmation(confirmation: Confirmation) {
  setAsked(confirmation);
}

/** Where the confirmation dialog appears: rendered once, in the signed-in shell. */
export function ConfirmationHost() {
  const confirmation = useSyncExternalStore(
    subscribe,
    () => asked,
    () => null,
  );
  if (!confirmation) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog confirmation={confirmation} onClose={() => setAsked(null)} />
    </Suspense>
  );
}
