import {
  Anchor,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCoin, IconMessages, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { taskDeadline } from '../../../domain/calendar.ts';
import type { DashboardTasks } from '../../../domain/dashboard.ts';
import { TASKS_DUE_WITHIN_DAYS } from '../../../domain/grant-constants.ts';
import { CalendarLinks } from '../../components/calendar-links.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LoadFailed } from '../../components/query-states.tsx';
import { ShowingSome } from '../../components/showing-some.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { capitalise, formatDate, formatDateTime } from '../../lib/format.ts';
import { useDashboard } from './api/dashboard-api.ts';

function CountCard({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={32} fw={700} lh={1.2}>
            {value.toLocaleString('en-US')}
          </Text>
        </div>
        <ThemeIcon variant="light" size="lg" aria-hidden="true">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

interface ListItem {
  id: number;
  name: string;
  /** The record's page, when the name leads to one. */
  href?: string;
  detail: ReactNode;
  /** Lines the detail is cut to; all of it when not set. */
  detailLines?: number;
  when: string;
  /** Under the detail: links of the item's own. */
  extra?: ReactNode;
}

/**
 * A titled section of records, each with a line under it and its date on the right; `footer`
 * under the list.
 */
function DashboardList({
  id,
  title,
  empty,
  items,
  alignTop = false,
  footer,
}: {
  id: string;
  title: string;
  empty: string;
  items: ListItem[];
  alignTop?: boolean;
  footer?: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="md" id={id}>
        {title}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <li key={item.id}>
              <Group justify="space-between" align={alignTop ? 'flex-start' : undefined}>
                <div>
                  {item.href ? (
                    <Anchor component={Link} to={item.href} fw={500}>
                      {item.name}
                    </Anchor>
                  ) : (
                    <Text fw={500}>{item.name}</Text>
                  )}
                  <Text size="sm" c="dimmed" lineClamp={item.detailLines} component="div">
                    {item.detail}
                  </Text>
                  {item.extra}
                </div>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {item.when}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {footer}
    </Card>
  );
}

/**
 * One of the task lists: each task with its grant (a link), due date and calendar links; cut
 * short, a link to the tasks board at `board` (filtered as the list is, where the board can be).
 */
function TasksList({
  id,
  title,
  empty,
  tasks,
  board,
}: {
  id: string;
  title: string;
  empty: string;
  tasks: DashboardTasks;
  board: string;
}) {
  return (
    <DashboardList
      id={id}
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

export default function DashboardPage() {
  const dashboard = useDashboard();
  useDocumentTitle('Dashboard');
  const data = dashboard.data;

  return (
    <>
      <PageHeader title="Dashboard" />
      {dashboard.isPending ? (
        <Loader aria-label="Loading the dashboard" />
      ) : dashboard.isError || !data ? (
        <LoadFailed
          what="The dashboard"
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <CountCard
              label="Total Contacts"
              value={data.totalContacts}
              icon={<IconUsers size={20} />}
            />
            <CountCard
              label="Total Interactions"
              value={data.totalInteractions}
              icon={<IconMessages size={20} />}
            />
            <CountCard
              label="Active Grants"
              value={data.activeGrants}
              icon={<IconCoin size={20} />}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <DashboardList
              id="deadlines-title"
              title="Upcoming Grant Deadlines"
              empty="No upcoming grant deadlines"
              items={data.upcomingDeadlines.map((grant) => ({
                id: grant.id,
                href: `/grants/${grant.id}`,
                name: grant.name,
                detail: grant.funder,
                when: formatDate(grant.dueDate),
              }))}
            />
            <DashboardList
              id="recent-title"
              title="Recent Interactions"
              empty="No recent interactions"
              alignTop
              items={data.recentInteractions.map((interaction) => ({
                id: interaction.id,
                href: `/interactions/${interaction.id}`,
                name: `${capitalise(interaction.type)} with ${interaction.contactName}`,
                detail: interaction.notes,
                detailLines: 1,
                when: formatDateTime(interaction.date),
              }))}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TasksList
              id="overdue-title"
              title="Overdue Tasks"
              empty="No overdue tasks"
              tasks={data.overdueTasks}
              board="/tasks?due=overdue"
            />
            <TasksList
              id="due-soon-title"
              title={`Tasks Due in the Next ${TASKS_DUE_WITHIN_DAYS} Days`}
              empty={`No tasks due in the next ${TASKS_DUE_WITHIN_DAYS} days`}
              tasks={data.tasksDueSoon}
              // The board has no 14-day window (this week, next 30 days): the whole board.
              board="/tasks"
            />
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
