import { type KeyboardEvent, useRef, useState } from 'react';
import { focusIsLost } from '../lib/lost-focus.ts';

/**
 * A menu button's menu whose items give the focus to its button themselves (Mantine's own return,
 * a moment after the menu closes, would take it from the dialog an item opens): `menu` goes on the
 * Menu, `target` on its button and `dropdown` on its list.
 *
 * Escape closes it and puts the focus on its button there and then, wherever the focus was: on
 * the button too, before the opening menu has taken it (the menu stayed open). The arrows
 * pressed there go on to its items. And once the menu has gone, a focus it left behind (in the
 * list, about to go, or on the page) goes to the button: on a busy machine the opening menu can
 * put the focus in its list after Escape has closed it.
 */
export function useMenuFocus() {
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !opened) return;
    event.stopPropagation();
    setOpened(false);
    button.current?.focus();
  };
  // The arrows pressed on the button of the menu just opened go to its first item (Up: its
  // last), after the opening menu has put the focus in its list: before, they were lost.
  const onTargetKeyDown = (event: KeyboardEvent) => {
    onKeyDown(event);
    if (!opened || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    const up = event.key === 'ArrowUp';
    window.setTimeout(() => {
      const items = list.current?.querySelectorAll<HTMLElement>('[data-menu-item]:not(:disabled)');
      items?.[up ? items.length - 1 : 0]?.focus();
    });
  };
  const onExitTransitionEnd = () => {
    const focused = document.activeElement;
    const left = focusIsLost() || (focused !== null && list.current?.contains(focused));
    if (left && button.current?.isConnected) button.current.focus();
  };
  return {
    button,
    setOpened,
    menu: {
      opened,
      onChange: setOpened,
      returnFocus: false,
      closeOnEscape: false,
      onExitTransitionEnd,
    },
    target: { ref: button, onKeyDown: onTargetKeyDown },
    dropdown: { ref: list, onKeyDown },
  };
}
