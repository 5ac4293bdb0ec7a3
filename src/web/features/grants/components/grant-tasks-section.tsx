import { ActionIcon, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { taskDeadline } from '../../../../domain/calendar.ts';
import type { Task } from '../../../../domain/grants.ts';
import { taskCategories, taskCategoryLabels } from '../../../../domain/task-constants.ts';
import { CalendarLinks } from '../../../components/calendar-links.tsx';
import { LoadWhenOpened } from '../../../components/load-when-opened.tsx';
import { WorkSection } from '../../../components/work-section.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useEditLatest } from '../../../lib/mutations.ts';
import { grantTasksQueryOptions, useGrantTasks } from '../api/tasks-api.ts';
import { TaskStatusSelect } from './task-status-select.tsx';

const TaskDialog = lazy(() => import('./task-dialog.tsx').then((m) => ({ default: m.TaskDialog })));

/** 'Grant Tasks', grouped by category, each with its status select (SPEC §2.12). */
export function GrantTasksSection({ grantId, grantName }: { grantId: number; grantName: string }) {
  const tasks = useGrantTasks(grantId);
  const [dialog, setDialog] = useState<{ task?: Task } | null>(null);
  // As the last save left it: its status may have been changed a moment ago.
  const edit = useEditLatest(grantTasksQueryOptions(grantId).queryKey, (task) =>
    setDialog({ task }),
  );
  const all = tasks.data ?? [];
  // As on the tasks board: open, and its due day over (the day as this browser counts it).
  const today = new Date().setHours(0, 0, 0, 0);
  const pastDue = (task: Task) =>
    (task.status === 'pending' || task.status === 'in-progress') &&
    task.dueDate !== null &&
    Date.parse(task.dueDate) < today;

  return (
    <WorkSection
      title="Grant Tasks"
      addLabel="New Task"
      onAdd={() => setDialog({})}
      query={tasks}
      loading="Loading tasks..."
    >
      <Stack gap="lg">
        {taskCategories.map((category) => {
          const inCategory = all.filter((task) => task.category === category);
          if (inCategory.length === 0) return null;
          return (
            <section key={category} aria-label={taskCategoryLabels[category]}>
              <Title order={3} size="h6" tt="uppercase" c="dimmed" mb="xs">
                {taskCategoryLabels[category]}
              </Title>
              <Stack gap="sm">
                {inCategory.map((task) => (
                  <Card key={task.id} withBorder padding="sm" radius="sm">
                    <Group justify="space-between" align="flex-start">
                      <div style={{ flex: '1 1 16rem' }}>
                        <Text fw={500}>{task.name}</Text>
                        <Text size="sm" c="dimmed">
                          {task.description}
                        </Text>
                        <Group gap="xs" mt={6}>
                          <Badge variant="outline" color="dark" size="sm">
                            {task.dueDate ? `Due: ${formatDate(task.dueDate)}` : 'No due date set'}
                          </Badge>
                          {pastDue(task) && (
                            <Badge color="red" variant="light" size="sm">
                              Overdue
                            </Badge>
                          )}
                          {task.assigneeName && (
                            <Text size="sm">Assigned to {task.assigneeName}</Text>
                          )}
                        </Group>
                        {task.dueDate && (
                          <CalendarLinks {...taskDeadline(task, grantName, task.dueDate)} />
                        )}
                      </div>
                      <Group gap="xs" wrap="nowrap">
                        <TaskStatusSelect task={task} />
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Edit ${task.name}`}
                          onClick={() => edit(task.id)}
                        >
                          <IconPencil size={16} aria-hidden="true" />
                        </ActionIcon>
                      </Group>
                    </Group>
                  </Card>
                ))}
              </Stack>
            </section>
          );
        })}
      </Stack>
      <LoadWhenOpened opened={dialog !== null}>
        <TaskDialog
          opened={dialog !== null}
          onClose={() => setDialog(null)}
          grantId={grantId}
          task={dialog?.task}
        />
      </LoadWhenOpened>
    </WorkSection>
  );
}
