import type { Active, ClientRect, Over, SensorContext } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import type { BoardTask } from '../../../../domain/grants.ts';
import { stamps } from '../../../test/records.ts';
import { boardAnnouncements, columnCoordinates } from './board-keyboard.ts';

const task: BoardTask = {
  id: 2,
  grantId: 1,
  grantName: 'Youth Arts',
  ...stamps,
  name: 'Write budget',
  description: 'Year one',
  category: 'proposal',
  dueDate: null,
  status: 'pending',
  assigneeId: null,
  assigneeName: null,
};
const active = { id: task.id, data: { current: { task } } } as unknown as Active;
const column = (id: string) => ({ id }) as Over;

describe('what the board says while a task is moved', () => {
  it('names the task and the columns in words, never the ids', () => {
    const say = boardAnnouncements();
    expect(say.onDragStart({ active })).toBe('Picked up task Write budget');
    expect(say.onDragOver({ active, over: column('in-progress') })).toBe('Moved to In Progress');
    expect(say.onDragOver({ active, over: column('completed') })).toBe('Moved to Completed');
    expect(say.onDragEnd({ active, over: column('completed') })).toBe('Dropped in Completed');
  });

  it('says nothing of the column the task starts over, but does when it comes back', () => {
    const say = boardAnnouncements();
    say.onDragStart({ active });
    expect(say.onDragOver({ active, over: column('pending') })).toBeUndefined();
    expect(say.onDragOver({ active, over: column('in-progress') })).toBe('Moved to In Progress');
    expect(say.onDragOver({ active, over: column('in-progress') })).toBeUndefined();
    expect(say.onDragOver({ active, over: column('pending') })).toBe('Moved to To Do');
    expect(say.onDragEnd({ active, over: column('pending') })).toBe('Dropped in To Do');
  });

  it('says where the task stays when the move is cancelled or lands outside the columns', () => {
    const say = boardAnnouncements();
    say.onDragStart({ active });
    say.onDragOver({ active, over: column('completed') });
    expect(say.onDragCancel({ active, over: column('completed') })).toBe(
      'Move cancelled: Write budget stays in To Do',
    );
    expect(say.onDragOver({ active, over: null })).toBe('Not over a column');
    expect(say.onDragEnd({ active, over: null })).toBe(
      'Dropped outside the columns: Write budget stays in To Do',
    );
  });

  it('starts afresh with each task picked up', () => {
    const say = boardAnnouncements();
    say.onDragStart({ active });
    say.onDragOver({ active, over: column('completed') });
    say.onDragEnd({ active, over: column('completed') });
    const moved = {
      ...active,
      data: { current: { task: { ...task, status: 'completed' } } },
    } as unknown as Active;
    expect(say.onDragStart({ active: moved })).toBe('Picked up task Write budget');
    expect(say.onDragOver({ active: moved, over: column('completed') })).toBeUndefined();
  });
});

const rect = (left: number, top: number, width: number, height: number): ClientRect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

/** Presses `code` with a 200 × 80 card at (`x`, `y`) over the given columns. */
function press(code: string, columns: ClientRect[], x: number, y: number) {
  const context = {
    active: { id: 'task' },
    collisionRect: rect(x, y, 200, 80),
    droppableRects: new Map(columns.map((column, index) => [`column-${index}`, column])),
  } as unknown as SensorContext;
  return columnCoordinates(new KeyboardEvent('keydown', { code }), {
    active: 'task',
    currentCoordinates: { x, y },
    context,
  });
}

describe('moving a card across the board with the keyboard', () => {
  it('on a wide screen, Right and Left go to the column beside, at the same height', () => {
    const columns = [rect(300, 100, 240, 600), rect(560, 100, 240, 600), rect(820, 100, 240, 600)];
    expect(press('ArrowRight', columns, 320, 200)).toEqual({ x: 580, y: 200 });
    expect(press('ArrowLeft', columns, 580, 200)).toEqual({ x: 320, y: 200 });
    expect(press('ArrowRight', columns, 840, 200)).toEqual({ x: 840, y: 200 });
  });

  it('a card hanging below a short column (the board fits the window) still counts as in it', () => {
    const columns = [rect(300, 100, 240, 150), rect(560, 100, 240, 150), rect(820, 100, 240, 150)];
    // The card's middle is 30 px below the middle column's bottom.
    expect(press('ArrowRight', columns, 580, 240)).toEqual({ x: 840, y: 240 });
    expect(press('ArrowLeft', columns, 580, 240)).toEqual({ x: 320, y: 240 });
  });

  it('on a phone, where the columns are one under the other, Right goes to the one below', () => {
    const columns = [rect(20, 900, 350, 300), rect(20, 100, 350, 300), rect(20, 500, 350, 300)];
    expect(press('ArrowRight', columns, 95, 150)).toEqual({ x: 95, y: 548 });
    expect(press('ArrowRight', columns, 95, 548)).toEqual({ x: 95, y: 948 });
    expect(press('ArrowLeft', columns, 95, 548)).toEqual({ x: 95, y: 148 });
  });
});
