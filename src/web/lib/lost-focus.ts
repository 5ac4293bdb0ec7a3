/**
 * Whether the focus is nowhere: on the page's body, where the browser leaves it when the control
 * that had it went (removed, or disabled). Whoever moved it on puts it back in such a case only.
 */
export const focusIsLost = () =>
  document.activeElement === null || document.activeElement === document.body;

/**
 * Gives the focus to the search box of the list `control` belongs to: Clear filters goes once
 * pressed (with the filters it clears), and the focus would be left on the page.
 */
export function focusListSearch(control: HTMLElement) {
  const list = control.closest('section, main') ?? document;
  list.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
}
