import { Button } from '@mantine/core';
import type { TaskAssigneeFilter } from '../../domain/task-constants.ts';

const choices = [
  { value: undefined, label: 'All tasks' },
  { value: 'me', label: 'My tasks' },
] as const;

/**
 * 'All tasks' or 'My tasks': whose tasks a list shows (the board, the dashboard's task lists).
 * `value` is the list's `assignee` filter: `me`, or undefined for everyone's. Two toggle buttons,
 * the chosen one pressed: the app's own buttons, so no other control's code joins a first
 * download.
 */
export function WhoseTasksControl({
  value,
  onChange,
}: {
  value: TaskAssigneeFilter | undefined;
  onChange: (value: TaskAssigneeFilter | undefined) => void;
}) {
  return (
    <Button.Group aria-label="Whose tasks">
      {choices.map((choice) => (
        <Button
          key={choice.label}
          variant={choice.value === value ? 'filled' : 'default'}
          aria-pressed={choice.value === value}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </Button>
      ))}
    </Button.Group>
  );
}
