import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { isPastDue } from '../../../domain/due-dates.ts';
import type { BoardTask, TaskStatus } from '../../../domain/grants.ts';
import { BOARD_TASKS_MAX } from '../../../domain/task-constants.ts';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { ExportButton } from '../../components/export-button.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LoadFailed, LoadingBlock, NoMatches } from '../../components/query-states.tsx';
import { type Selection, useSelection } from '../../components/selection.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { browserTimeZone } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useBoardTasks, useDeleteTask, useSetTaskStatus } from './api/tasks-api.ts';
import { useBoardFilters } from './components/board-filters.ts';
import {
  boardAnnouncements,
  boardColumns,
  boardInstructions,
  columnCoordinates,
} from './components/board-keyboard.ts';
import { TaskCard, TaskCardCopy } from './components/task-card.tsx';
import classes from './tasks-board.module.css';

const TaskDialog = lazy(() =>
  import('./components/task-dialog.tsx').then((m) => ({ default: m.TaskDialog })),
);
// The filter bar's inputs and its list of grants are asked for with the tasks, not before them:
// the board's first download stays within its budget, and the bar is there as the cards are.
const BoardFilterBar = lazy(() =>
  import('./components/board-filter-bar.tsx').then((m) => ({ default: m.BoardFilterBar })),
);
/** Where the filter bar will be, as high as it, so the board does not jump when it arrives. */
const filterBarSpace = <div style={{ height: 36, marginBottom: 'var(--mantine-spacing-md)' }} />;
// The bulk actions' bar comes with the filter bar's code, in the space it will take.
const BoardBulkBar = lazy(() =>
  import('./components/board-filter-bar.tsx').then((m) => ({ default: m.BoardBulkBar })),
);
const bulkBarSpace = <div style={{ height: 30, marginBottom: 'var(--mantine-spacing-sm)' }} />;

interface CardsProps {
  tasks: BoardTask[];
  pastDue: (task: BoardTask) => boolean;
  onDelete: (task: BoardTask) => void;
  /** The task last moved with the keyboard, whose handle keeps the focus. */
  refocus: number | null;
  /** The tasks chosen for a bulk action. */
  selection: Selection;
}

function Cards({ tasks, pastDue, onDelete, refocus, selection }: CardsProps) {
  return tasks.map((task) => (
    <TaskCard
      key={task.id}
      task={task}
      pastDue={pastDue(task)}
      onDelete={() => onDelete(task)}
      refocus={refocus === task.id}
      selected={selection.has(task.id)}
      onSelect={() => selection.toggle(task.id)}
    />
  ));
}

function Column({ status, title, ...cards }: CardsProps & { status: TaskStatus; title: string }) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      bg={isOver ? 'var(--mantine-color-cyan-light)' : 'var(--mantine-color-gray-0)'}
      className={classes.column}
      component="section"
      aria-label={title}
      data-column={status}
      data-over={isOver || undefined}
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Badge variant="default">{cards.tasks.length}</Badge>
      </Group>
      <Stack gap="sm" className={classes.cards} data-cards>
        <Cards {...cards} />
      </Stack>
    </Paper>
  );
}

export default function TasksBoardPage() {
  const filters = useBoardFilters();
  const tasks = useBoardTasks(filters.params);
  useDocumentTitle('Tasks Board');
  const setStatus = useSetTaskStatus();
  const remove = useDeleteTask();
  const [creating, setCreating] = useState(false);
  const [moving, setMoving] = useState<BoardTask | null>(null);
  const [movedByKeyboard, setMovedByKeyboard] = useState<number | null>(null);
  // Where the card moved with the keyboard was picked up: its column, and its place in it.
  const pickedUpAt = useRef({ status: '', at: 0 });
  const [announcements] = useState(boardAnnouncements);
  const selection = useSelection(JSON.stringify(filters.params));
  // A task that left the board (moved out of the filter, deleted) is no longer chosen: an action
  // never reaches a task the user cannot see.
  const { keepOnly } = selection;
  useEffect(() => {
    if (tasks.data) keepOnly(tasks.data.map((task) => task.id));
  }, [tasks.data, keepOnly]);
  const sensors = useSensors(
    // A small distance first, so clicks on links and buttons inside a card stay clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );

  // Late is worked out here, from the due date and today where the user is; it is never stored.
  const now = new Date();
  const timeZone = browserTimeZone();
  const pastDue = (task: BoardTask) => isPastDue(task, now, timeZone);

  const pickUp = ({ active }: DragStartEvent) => {
    setMovedByKeyboard(null);
    setMoving((active.data.current?.task as BoardTask | undefined) ?? null);
  };

  // A card moved with the keyboard that has left the board (its move refused: someone deleted
  // the task meanwhile): the focus goes to the card that took its place in the column it was
  // picked up from (or the page's main content), not back to the start of the page.
  useEffect(() => {
    if (movedByKeyboard === null || !tasks.data) return;
    if (tasks.data.some((task) => task.id === movedByKeyboard)) return;
    setMovedByKeyboard(null);
    if (document.activeElement !== document.body) return;
    const { status, at } = pickedUpAt.current;
    const handles = document.querySelectorAll<HTMLElement>(
      `[data-column="${status}"] [data-task] [aria-roledescription]`,
    );
    (handles[Math.min(at, handles.length - 1)] ?? document.querySelector('main'))?.focus();
  }, [tasks.data, movedByKeyboard]);

  const drop = async ({ active, over, activatorEvent }: DragEndEvent) => {
    setMoving(null);
    const task = active.data.current?.task as BoardTask | undefined;
    const status = over?.id as TaskStatus | undefined;
    // One move at a time: the next is made at the version the last one saved.
    if (!task || !status || task.status === status || setStatus.isPending) return;
    if (activatorEvent instanceof KeyboardEvent) {
      setMovedByKeyboard(task.id);
      const column = all.filter((other) => other.status === task.status);
      pickedUpAt.current = {
        status: task.status,
        at: column.findIndex((other) => other.id === task.id),
      };
    }
    try {
      await setStatus.mutateAsync({ task, status });
      notifySuccess('Task status updated');
    } catch (error) {
      notifyError('Error updating task', errorMessage(error));
    }
  };

  const askDelete = (task: BoardTask) =>
    confirmDelete({
      title: 'Delete task',
      message: `Delete ${task.name}? This cannot be undone.`,
      onConfirm: async () => {
        try {
          await remove.mutateAsync(task);
          notifySuccess('Task deleted');
        } catch (error) {
          notifyError('Failed to delete task', errorMessage(error));
        }
      },
    });

  const all = tasks.data ?? [];
  const overdue = all.filter((task) => task.status === 'overdue');
  const cards = { pastDue, onDelete: askDelete, refocus: movedByKeyboard, selection };
  return (
    <div className={classes.board}>
      <PageHeader
        title="Tasks Board"
        description="Drag a card to another column, or pick it up with Space and move it with the arrow keys."
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setCreating(true)}
          >
            New Task
          </Button>
        }
      />
      <Group justify="space-between" align="flex-start">
        <Suspense fallback={filterBarSpace}>
          <BoardFilterBar filters={filters} tasks={all} />
        </Suspense>
        <Group gap="sm" wrap="nowrap">
          {tasks.isFetching && !tasks.isPending && <Loader size="xs" aria-label="Refreshing" />}
          <ExportButton list="/api/tasks" params={{ ...filters.params }} />
        </Group>
      </Group>
      {all.length >= BOARD_TASKS_MAX && (
        <Text size="sm" c="dimmed" role="status">
          {`The board shows the first ${BOARD_TASKS_MAX.toLocaleString('en-US')} tasks, soonest due first: narrow it with the filters to find the others.`}
        </Text>
      )}
      {tasks.isPending ? (
        <LoadingBlock label="Loading tasks" />
      ) : tasks.isError && !tasks.data ? (
        <LoadFailed what="The tasks" error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : all.length === 0 && filters.active ? (
        <NoMatches noun="tasks" onClear={filters.clear} />
      ) : (
        <>
          <Suspense fallback={bulkBarSpace}>
            <BoardBulkBar tasks={all} selection={selection} params={{ ...filters.params }} />
          </Suspense>
          <DndContext
            sensors={sensors}
            onDragStart={pickUp}
            onDragEnd={drop}
            onDragCancel={() => setMoving(null)}
            accessibility={{ announcements, screenReaderInstructions: boardInstructions }}
          >
            <div className={classes.columns}>
              {boardColumns.map((column) => (
                <Column
                  key={column.status}
                  {...column}
                  {...cards}
                  tasks={all.filter((task) => task.status === column.status)}
                />
              ))}
            </div>
            {overdue.length > 0 && (
              <Paper
                withBorder
                p="sm"
                radius="md"
                className={classes.overdue}
                component="section"
                aria-label="Overdue"
              >
                <Title order={2} size="h5" mb="xs">
                  Overdue
                </Title>
                <Text size="sm" c="dimmed" mb="sm">
                  Set an overdue task's status on its grant's page to move it back onto the board.
                </Text>
                <div className={`${classes.cards} ${classes.overdueCards}`}>
                  <Cards tasks={overdue} {...cards} />
                </div>
              </Paper>
            )}
            <DragOverlay dropAnimation={null}>
              {moving && <TaskCardCopy task={moving} pastDue={pastDue(moving)} />}
            </DragOverlay>
          </DndContext>
        </>
      )}
      <LoadWhenOpened opened={creating}>
        <TaskDialog opened={creating} onClose={() => setCreating(false)} />
      </LoadWhenOpened>
    </div>
  );
}
