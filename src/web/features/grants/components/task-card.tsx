import { useDraggable } from '@dnd-kit/core';
import { ActionIcon, Anchor, Badge, Card, Group, Text } from '@mantine/core';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { BoardTask } from '../../../../domain/grants.ts';
import { CalendarLinks } from '../../../components/calendar-links.tsx';
import { formatDate } from '../../../lib/format.ts';
import { categoryLabel } from './task-category-label.ts';

/**
 * A task on the board, moved by its grip handle (mouse, touch or keyboard), so the links and
 * buttons on the card stay ordinary controls. Overdue tasks are shown but cannot be dragged.
 */
export function TaskCard({ task, onDelete }: { task: BoardTask; onDelete: () => void }) {
  const draggable = task.status !== 'overdue';
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: task.id,
    data: { task },
    disabled: !draggable,
  });
  const style = transform
    ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)`, zIndex: 10 }
    : undefined;

  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="sm"
      radius="md"
      shadow={isDragging ? 'lg' : 'xs'}
      style={style}
      data-task={task.name}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Group gap={4} wrap="nowrap" align="flex-start">
          {draggable && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              style={{ cursor: 'grab', touchAction: 'none' }}
              {...listeners}
              {...attributes}
              aria-roledescription="draggable task"
              aria-label={`Move ${task.name}`}
            >
              <IconGripVertical size={14} aria-hidden="true" />
            </ActionIcon>
          )}
          <Text fw={600} size="sm">
            {task.name}
          </Text>
        </Group>
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          aria-label={`Delete ${task.name}`}
          onClick={onDelete}
        >
          <IconTrash size={14} aria-hidden="true" />
        </ActionIcon>
      </Group>
      <Text size="sm" c="dimmed" lineClamp={3} mt={2}>
        {task.description}
      </Text>
      <Group gap="xs" mt="xs">
        <Badge variant="light" color="cyan" size="sm">
          {categoryLabel(task.category)}
        </Badge>
        <Text size="xs">
          {task.dueDate ? `Due: ${formatDate(task.dueDate)}` : 'No due date set'}
        </Text>
      </Group>
      <Anchor component={Link} to={`/grants/${task.grantId}`} size="sm" mt={4} display="block">
        {task.grantName}
      </Anchor>
      {task.dueDate && (
        <CalendarLinks
          uid={`task-${task.id}@grantwell`}
          event={{
            title: `${task.name} (${task.grantName})`,
            details: task.description,
            start: new Date(task.dueDate),
            allDay: true,
          }}
        />
      )}
    </Card>
  );
}
