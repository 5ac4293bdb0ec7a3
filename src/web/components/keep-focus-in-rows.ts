import { focusIsLost } from '../lib/lost-focus.ts';

/** What a keyboard can reach (in a row, a form). */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A row (of a table, an item of a list such as a grant's requirements, or a card of the tasks
 * board): what may be removed under the focus.
 */
const ROW = 'tr, li, [data-task]';

/** Where a control stands: its row among the rows, and which of the row's controls it is. */
interface Place {
  control: HTMLElement;
  rows: Element;
  at: number;
  which: number;
  /** The section of the page the rows are in (a grant's requirements), if any. */
  section: Element | null;
}

/** The place of `control` in its row, while the row is still there; none outside a row. */
function placeOf(control: HTMLElement): Place | undefined {
  const row = control.closest(ROW);
  const rows = row?.parentElement;
  if (!row || !rows) return undefined;
  return {
    control,
    rows,
    at: [...rows.children].indexOf(row),
    which: [...row.querySelectorAll(FOCUSABLE)].indexOf(control),
    section: rows.closest('section'),
  };
}

/** How long a removal is waited for: the request that deletes a row, and the list's refresh. */
const WATCH_MS = 30_000;

/**
 * The focus, lost with its row, given to the same control of the row that took its place, or of
 * the new last row; with no row left, to the first control of the rows' section (its New
 * Requirement), else to the page's main content (focusable: skip-link.tsx).
 */
function refocus({ rows, at, which, section }: Place) {
  const replacement = rows.isConnected
    ? rows.children[Math.min(at, rows.children.length - 1)]
    : undefined;
  const controls = replacement ? [...replacement.querySelectorAll<HTMLElement>(FOCUSABLE)] : [];
  const target =
    controls[which] ??
    controls[0] ??
    (section?.isConnected ? section.querySelector<HTMLElement>(FOCUSABLE) : null) ??
    document.querySelector<HTMLElement>('main');
  target?.focus({ preventScroll: false });
}

/**
 * Keeps the keyboard's place when the row of `place` is removed while its control has the focus
 * (a row deleted from its own menu; a task card whose move was refused, the task deleted
 * meanwhile): see `refocus`. Without this the focus falls back to the start of the page. A row
 * already gone is refocused at once; else the watch ends once the focus is elsewhere, or after
 * WATCH_MS.
 */
function keepFocusAt(place: Place | undefined) {
  if (!place) return;
  const { control } = place;
  if (!control.isConnected) {
    if (focusIsLost()) refocus(place);
    return;
  }
  const observer = new MutationObserver(() => {
    if (control.isConnected) return;
    stop();
    if (focusIsLost()) refocus(place);
  });
  const onBlur = () => {
    // Focus moved on while the control is still there: nothing to keep. Looked at once the blur
    // is over: a browser may blur the control while it is being removed, still in the page.
    window.setTimeout(() => {
      if (control.isConnected) stop();
    }, 0);
  };
  const timer = window.setTimeout(() => stop(), WATCH_MS);
  function stop() {
    observer.disconnect();
    control.removeEventListener('blur', onBlur);
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  control.addEventListener('blur', onBlur);
}

/**
 * Reads the place `control` has now, while its row is surely there (when a confirmation is asked
 * from it), and returns what keeps the focus there later (once the question is answered): by
 * then the row may be gone already, the deletion and the list's refresh done first.
 */
export function placeKeeper(control: HTMLElement | null): () => void {
  const place = control ? placeOf(control) : undefined;
  return () => keepFocusAt(place);
}
