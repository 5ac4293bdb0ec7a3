const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** How long a removal is waited for: the request that deletes a row, and the list's refresh. */
const WATCH_MS = 30_000;

/**
 * Keeps the keyboard's place when a row is removed while one of its controls has the focus (a
 * row deleted from its own menu): the same control of the row that takes its place, or of the
 * new last row, gets the focus; with no row left, the page's main content does (focusable:
 * skip-link.tsx). Without this the
 * focus falls back to the start of the page. The watch ends once the focus is elsewhere, or
 * after WATCH_MS.
 */
export function keepFocusInRows(control: HTMLElement) {
  const row = control.closest('tr');
  const rows = row?.parentElement;
  if (!row || !rows) return;
  const at = [...rows.children].indexOf(row);
  const which = [...row.querySelectorAll(FOCUSABLE)].indexOf(control);

  const place = () => {
    const replacement = rows.isConnected
      ? rows.children[Math.min(at, rows.children.length - 1)]
      : undefined;
    const controls = replacement ? [...replacement.querySelectorAll<HTMLElement>(FOCUSABLE)] : [];
    const target = controls[which] ?? controls[0] ?? document.querySelector<HTMLElement>('main');
    target?.focus({ preventScroll: false });
  };
  const lost = () => document.activeElement === null || document.activeElement === document.body;

  const observer = new MutationObserver(() => {
    if (control.isConnected) return;
    stop();
    if (lost()) place();
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
