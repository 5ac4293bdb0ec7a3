import type {
  Active,
  Announcements,
  ClientRect,
  KeyboardCoordinateGetter,
  ScreenReaderInstructions,
  UniqueIdentifier,
} from '@dnd-kit/core';
import type { BoardTask } from '../../../../domain/grants.ts';
import type { TaskStatus } from '../../../../domain/task-constants.ts';

/** The three columns of the board (SPEC §2.15); overdue tasks have none. */
export const boardColumns: { status: TaskStatus; title: string }[] = [
  { status: 'pending', title: 'To Do' },
  { status: 'in-progress', title: 'In Progress' },
  { status: 'completed', title: 'Completed' },
];

/** How far below a column's top a card lands when it moves to a column above or below it. */
const BELOW_HEADER = 48;

/** How far a point is from a rectangle: 0 inside it. */
const distance = (rect: ClientRect, x: number, y: number) =>
  Math.hypot(
    Math.max(rect.left - x, 0, x - rect.right),
    Math.max(rect.top - y, 0, y - rect.bottom),
  );

/**
 * Keyboard dragging across board columns: Left and Right jump to the previous and the next
 * column, so a card moves a column per key press instead of creeping by pixels. The columns go
 * in reading order: side by side on a wide screen, one under the other on a phone.
 */
export const columnCoordinates: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const { active, collisionRect, droppableRects } = context;
  if (!active || !collisionRect) return undefined;
  const columns = [...droppableRects.values()].sort((a, b) => a.top - b.top || a.left - b.left);
  if (columns.length === 0) return undefined;
  const x = collisionRect.left + collisionRect.width / 2;
  const y = collisionRect.top + collisionRect.height / 2;
  // The column the card is over, or the nearest one: a tall card moved into a short column
  // (the board fits the window) hangs below it.
  const gaps = columns.map((rect) => distance(rect, x, y));
  const current = gaps.indexOf(Math.min(...gaps));
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return event.code.startsWith('Arrow') ? currentCoordinates : undefined;
  const from = columns[current];
  const target = columns[Math.min(columns.length - 1, Math.max(0, current + step))];
  if (!from || !target) return undefined;
  return {
    x: target.left + target.width / 2 - collisionRect.width / 2,
    y: target.top === from.top ? currentCoordinates.y : target.top + BELOW_HEADER,
  };
};

/** Read out where a card's handle has focus: how to move it with the keyboard. */
export const boardInstructions: ScreenReaderInstructions = {
  draggable:
    'To move this task to another column, press Space or Enter to pick it up, the Left and ' +
    'Right arrow keys to choose the column, and Space or Enter again to drop it there. ' +
    'Escape puts it back.',
};

const columnTitle = (status: UniqueIdentifier | undefined) =>
  boardColumns.find((column) => column.status === status)?.title ?? 'no column';

const taskOf = (active: Active) => active.data.current?.task as BoardTask | undefined;

/**
 * What a screen reader hears while a task is moved, in the board's own words ('Picked up task
 * Write budget', 'Moved to In Progress', 'Dropped in Completed') rather than the drag library's
 * ids. One set per board: it remembers the column the card is over, so being over its own
 * column when it is picked up is not read out, and coming back to it is.
 */
export function boardAnnouncements(): Announcements {
  let over: UniqueIdentifier | undefined;
  const name = (active: Active) => taskOf(active)?.name ?? 'task';
  const stays = (active: Active) =>
    `${name(active)} stays in ${columnTitle(taskOf(active)?.status)}`;
  return {
    onDragStart({ active }) {
      over = taskOf(active)?.status;
      return `Picked up task ${name(active)}`;
    },
    onDragOver({ over: target }) {
      if (target?.id === over) return undefined;
      over = target?.id;
      return target ? `Moved to ${columnTitle(target.id)}` : 'Not over a column';
    },
    onDragEnd({ active, over: target }) {
      return target
        ? `Dropped in ${columnTitle(target.id)}`
        : `Dropped outside the columns: ${stays(active)}`;
    },
    onDragCancel({ active }) {
      return `Move cancelled: ${stays(active)}`;
    },
  };
}
