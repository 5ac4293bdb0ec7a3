import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import type { BoardTask, TaskStatus } from '../../../domain/grants.ts';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LoadFailed, LoadingBlock } from '../../components/query-states.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useBoardTasks, useDeleteTask, useSetTaskStatus } from './api/tasks-api.ts';
import { columnCoordinates } from './components/board-keyboard.ts';
import { TaskCard } from './components/task-card.tsx';

const TaskDialog = lazy(() =>
  import('./components/task-dialog.tsx').then((m) => ({ default: m.TaskDialog })),
);

/** The three columns of the board (SPEC §2.15); overdue tasks have none. */
const columns: { status: TaskStatus; title: string }[] = [
  { status: 'pending', title: 'To Do' },
  { status: 'in-progress', title: 'In Progress' },
  { status: 'completed', title: 'Completed' },
];

function Column({
  status,
  title,
  tasks,
  onDelete,
}: {
  status: TaskStatus;
  title: string;
  tasks: BoardTask[];
  onDelete: (task: BoardTask) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      bg={isOver ? 'var(--mantine-color-cyan-light)' : 'var(--mantine-color-gray-0)'}
      mih={300}
      component="section"
      aria-label={title}
      data-over={isOver || undefined}
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Badge variant="default">{tasks.length}</Badge>
      </Group>
      <Stack gap="sm">
        {tasks.map((task) => (
          <TaskCard key={task.id} task={task} onDelete={() => onDelete(task)} />
        ))}
      </Stack>
    </Paper>
  );
}

export default function TasksBoardPage() {
  const tasks = useBoardTasks();
  const setStatus = useSetTaskStatus();
  const remove = useDeleteTask();
  const [creating, setCreating] = useState(false);
  const sensors = useSensors(
    // A small distance first, so clicks on links and buttons inside a card stay clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );

  const drop = async ({ active, over }: DragEndEvent) => {
    const task = active.data.current?.task as BoardTask | undefined;
    const status = over?.id as TaskStatus | undefined;
    if (!task || !status || task.status === status) return;
    try {
      await setStatus.mutateAsync({ grantId: task.grantId, taskId: task.id, status });
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
          await remove.mutateAsync({ grantId: task.grantId, taskId: task.id });
          notifySuccess('Task deleted');
        } catch (error) {
          notifyError('Failed to delete task', errorMessage(error));
        }
      },
    });

  const all = tasks.data ?? [];
  const overdue = all.filter((task) => task.status === 'overdue');
  return (
    <>
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
      {tasks.isPending ? (
        <LoadingBlock label="Loading tasks" />
      ) : tasks.isError ? (
        <LoadFailed what="The tasks" error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : (
        <DndContext sensors={sensors} onDragEnd={drop}>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {columns.map((column) => (
              <Column
                key={column.status}
                {...column}
                tasks={all.filter((task) => task.status === column.status)}
                onDelete={askDelete}
              />
            ))}
          </SimpleGrid>
          {overdue.length > 0 && (
            <Paper withBorder p="sm" radius="md" mt="lg" component="section" aria-label="Overdue">
              <Title order={2} size="h5" mb="xs">
                Overdue
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                Set an overdue task's status on its grant's page to move it back onto the board.
              </Text>
              <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
                {overdue.map((task) => (
                  <TaskCard key={task.id} task={task} onDelete={() => askDelete(task)} />
                ))}
              </SimpleGrid>
            </Paper>
          )}
        </DndContext>
      )}
      <LoadWhenOpened opened={creating}>
        <TaskDialog opened={creating} onClose={() => setCreating(false)} />
      </LoadWhenOpened>
    </>
  );
}
