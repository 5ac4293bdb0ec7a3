import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { taskDeadline } from '../../../../domain/calendar.ts';
import type { DashboardTasks } from '../../../../domain/dashboard.ts';
import { CalendarLinks } from '../../../components/calendar-links.tsx';
import { ShowingSome } from '../../../components/showing-some.tsx';
import { formatDate } from '../../../lib/format.ts';
import { DashboardList } from './dashboard-list.tsx';

/**
 * One of the task lists: each task with its grant (a link), due date and calendar links; cut
 * short, a link to the tasks board at `board` (filtered as the list is, where the board can be).
 */
export function TasksList({
  title,
  empty,
  tasks,
  board,
}: {
  title: string;
  empty: string;
  tasks: DashboardTasks;
  board: string;
}) {
  return (
    <DashboardList
      title={title}
      empty={empty}
      alignTop
      items={tasks.items.map((task) => ({
        id: task.id,
        name: task.name,
        detail: (
          <Anchor component={Link} to={`/grants/${task.grantId}`} size="sm">
            {task.grantName}
          </Anchor>
        ),
        when: task.dueDate ? formatDate(task.dueDate) : 'No due date set',
        extra: task.dueDate && (
          <CalendarLinks {...taskDeadline(task, task.grantName, task.dueDate)} />
        ),
      }))}
      footer={
        <ShowingSome shown={tasks.items.length} total={tasks.total} to={board}>
          Open the Tasks Board
        </ShowingSome>
      }
    />
  );
}
