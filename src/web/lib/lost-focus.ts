/**
 * Whether the focus is nowhere: on the page's body, where the browser leaves it when the control
 * that had it went (removed, or disabled). Whoever moved it on puts it back in such a case only.
 */
export const focusIsLost = () =>
  document.activeElement === null || document.activeElement === document.body;

/**
 * Gives the focus to the search box of the list whose control was pressed from the keyboard:
 * Clear filters goes once pressed (with the filters it clears), and the focus would be left on
 * the page. Pressed with a pointer (a click's `detail` counts its presses), it stays where it
 * goes: on a phone, a search box given the focus would open the keyboard over the list.
 */
export function focusListSearch({
  currentTarget,
  detail,
}: {
  currentTarget: HTMLElement;
  detail: number;
}) {
  if (detail > 0) return;
  const list = currentTarget.closest('section, main') ?? document;
  list.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
}
