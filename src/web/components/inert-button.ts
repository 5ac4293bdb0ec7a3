import type { MouseEvent } from 'react';

/**
 * A form's button kept from acting while `inert` (a save under way, nothing left to save),
 * without being disabled: a disabled button loses the keyboard's focus to the page's start (the
 * moment it is pressed and its save begins, say). It looks and reads disabled, and neither a
 * press nor Enter in a field of its form does anything.
 */
export const inertWhile = (inert: boolean) => ({
  'aria-disabled': inert,
  'data-disabled': inert || undefined,
  onClick: (event: MouseEvent) => {
    if (inert) event.preventDefault();
  },
});
