import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Keyboard dragging across board columns: Left and Right jump to the middle of the neighbouring
 * column, so a card moves a column per key press instead of creeping by pixels.
 */
export const columnCoordinates: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const { active, collisionRect, droppableRects } = context;
  if (!active || !collisionRect) return undefined;
  const columns = [...droppableRects.entries()].sort(([, a], [, b]) => a.left - b.left);
  if (columns.length === 0) return undefined;
  const centre = collisionRect.left + collisionRect.width / 2;
  let current = columns.findIndex(([, rect]) => centre >= rect.left && centre <= rect.right);
  if (current === -1) current = 0;
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return event.code.startsWith('Arrow') ? currentCoordinates : undefined;
  const target = columns[Math.min(columns.length - 1, Math.max(0, current + step))];
  if (!target) return undefined;
  const [, rect] = target;
  return {
    x: rect.left + rect.width / 2 - collisionRect.width / 2,
    y: currentCoordinates.y,
  };
};
