import {
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  useDraggable,
} from '@dnd-kit/core';
import { ActionIcon, Anchor, Badge, Card, Group, Text } from '@mantine/core';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { taskDeadline } from '../../../../domain/calendar.ts';
import type { BoardTask } from '../../../../domain/grants.ts';
import { taskCategoryLabels, taskTitle } from '../../../../domain/task-constants.ts';
import { AssigneeInitials } from '../../../components/assignee-initials.tsx';
import { CalendarLinks } from '../../../components/calendar-links.tsx';
import { SelectBox } from '../../../components/selection.tsx';
import { formatDate } from '../../../lib/format.ts';
import { focusIsLost } from '../../../lib/lost-focus.ts';

/** What makes a card's grip a drag handle (none on the copy that follows the pointer). */
interface Handle {
  attributes?: DraggableAttributes;
  listeners?: DraggableSyntheticListeners;
}

interface CardProps {
  task: BoardTask;
  /** Pending or in progress, and due on a day that is over: shows the Overdue badge. */
  pastDue: boolean;
  onDelete: () => void;
  /**
   * Just moved with the keyboard: the card is drawn anew in its column, and its handle takes the
   * focus back if nothing else holds it, so the next Tab or Space starts from the card.
   */
  refocus?: boolean;
  /** Chosen for a bulk action, and how to choose it; no box on the copy that follows a drag. */
  selected?: boolean;
  onSelect?: () => void;
}

/**
 * A task on the board, moved by its grip handle (mouse, touch or keyboard), so the links and
 * buttons on the card stay ordinary controls. Overdue tasks are shown but cannot be dragged.
 * While it is moved, its place stays dimmed and a copy follows the pointer (`TaskCardCopy`).
 */
export function TaskCard({ task, pastDue, onDelete, refocus = false, ...select }: CardProps) {
  const draggable = task.status !== 'overdue';
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: task.id,
    data: { task },
    disabled: !draggable,
  });
  return (
    <TaskCardView
      task={task}
      pastDue={pastDue}
      onDelete={onDelete}
      cardRef={setNodeRef}
      handle={draggable ? { attributes, listeners } : undefined}
      dimmed={isDragging}
      refocus={refocus}
      {...select}
    />
  );
}

/**
 * The card that follows the pointer or the arrow keys while a task is moved: above every column,
 * so no column's scrolling cuts it off. Hidden and inert: screen readers hear the moves instead,
 * and its buttons and links are not there to reach.
 */
export function TaskCardCopy({ task, pastDue }: { task: BoardTask; pastDue: boolean }) {
  return <TaskCardView task={task} pastDue={pastDue} copy handle={{}} />;
}

function TaskCardView({
  task,
  pastDue,
  onDelete,
  cardRef,
  handle,
  dimmed = false,
  copy = false,
  refocus = false,
  selected = false,
  onSelect,
}: Omit<CardProps, 'onDelete'> & {
  onDelete?: () => void;
  cardRef?: (element: HTMLElement | null) => void;
  /** The grip, for a card that can be moved. */
  handle: Handle | undefined;
  dimmed?: boolean;
  copy?: boolean;
}) {
  const handleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (refocus && focusIsLost()) handleRef.current?.focus();
  }, [refocus]);
  // Its controls are named with its grant: the board has tasks of one name on several grants.
  const title = taskTitle(task, task.grantName);

  return (
    <Card
      ref={cardRef}
      withBorder
      padding="sm"
      radius="md"
      shadow={copy ? 'lg' : 'xs'}
      style={dimmed ? { opacity: 0.4 } : undefined}
      data-task={copy ? undefined : task.name}
      aria-hidden={copy || undefined}
      inert={copy || undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        {/* Far enough apart for a finger: the box's and the grip's centres 24 px or more. */}
        <Group gap={8} wrap="nowrap" align="flex-start">
          {onSelect && (
            <span style={{ display: 'inline-flex', paddingTop: 4 }}>
              <SelectBox label={`Select ${title}`} checked={selected} onChange={onSelect} />
            </span>
          )}
          {handle && (
            <ActionIcon
              ref={handleRef}
              variant="subtle"
              color="gray"
              size="sm"
              style={{ cursor: 'grab', touchAction: 'none' }}
              {...handle.listeners}
              {...handle.attributes}
              aria-roledescription="draggable task"
              aria-label={`Move ${title}`}
            >
              <IconGripVertical size={14} aria-hidden="true" />
            </ActionIcon>
          )}
          <Text fw={600} size="sm">
            {task.name}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          {task.assigneeName && <AssigneeInitials name={task.assigneeName} />}
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={`Delete ${title}`}
            onClick={onDelete}
          >
            <IconTrash size={14} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" lineClamp={3} mt={2}>
        {task.description}
      </Text>
      <Group gap="xs" mt="xs">
        <Badge variant="light" color="cyan" size="sm">
          {taskCategoryLabels[task.category]}
        </Badge>
        {pastDue && (
          <Badge variant="light" color="red" size="sm">
            Overdue
          </Badge>
        )}
        <Text size="xs">
          {task.dueDate ? `Due: ${formatDate(task.dueDate)}` : 'No due date set'}
        </Text>
      </Group>
      <Anchor component={Link} to={`/grants/${task.grantId}`} size="sm" mt={4} display="block">
        {task.grantName}
      </Anchor>
      {task.dueDate && <CalendarLinks {...taskDeadline(task, task.grantName, task.dueDate)} />}
    </Card>
  );
}
