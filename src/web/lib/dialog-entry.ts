import { useLocation, useNavigate } from 'react-router';
import { useAddressNow } from './address-now.ts';

/**
 * The history state of an entry a dialog added: which dialog, what it shows, and the address's
 * search of the entry under it.
 */
interface DialogState<T> {
  dialog: string;
  shown: T;
  over: string;
}

const isShowing = <T>(state: unknown, dialog: string): state is DialogState<T> =>
  typeof state === 'object' && state !== null && 'dialog' in state && state.dialog === dialog;

/**
 * A dialog that only shows something (a record's details, a stage's grants), opened as an entry
 * of the tab's history over the same page, as a phone's Back expects: Back closes it rather than
 * leave the page under it, and Forward, or Back from a page opened from it, opens it again (what
 * it shows is kept in the entry). Closed by its own button or Escape, it goes back the entry it
 * added, unless the page's address changed meanwhile (a search written as typing paused, just
 * after the dialog opened): it is then replaced by the page at that address, which the entry
 * under it lacks. `dialog` names it among the page's dialogs. Answers what it shows (null: closed), how
 * to open it on a value, and how to close it.
 */
export function useDialogEntry<T>(dialog: string) {
  const location = useLocation();
  const addressNow = useAddressNow();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const here = isShowing<T>(state, dialog);
  const open = (shown: T) => {
    // Over the page's address as it is now: a filter just chosen stays chosen.
    const now = addressNow();
    void navigate(now, {
      state: { dialog, shown, over: here ? state.over : now.search } satisfies DialogState<T>,
      replace: here,
    });
  };
  const close = () => {
    if (!here) return;
    const now = addressNow();
    if (now.search === state.over) void navigate(-1);
    else void navigate({ pathname: now.pathname, search: now.search }, { replace: true });
  };
  return [here ? state.shown : null, open, close] as const;
}
