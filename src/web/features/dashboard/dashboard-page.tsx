import { Group, Loader, SimpleGrid, Stack } from '@mantine/core';
import { IconCoin, IconMessages, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { TASKS_DUE_WITHIN_DAYS, taskAssigneeFilters } from '../../../domain/task-constants.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { LoadFailed } from '../../components/query-states.tsx';
import { WhoseTasksControl } from '../../components/whose-tasks-control.tsx';
import { withQuery } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { capitalise, formatDate, formatDateTime } from '../../lib/format.ts';
import { choiceParam, useUrlFilters } from '../../lib/url-filters.ts';
import { useIsAdmin } from '../auth/api/auth-api.ts';
import { useDashboard } from './api/dashboard-api.ts';
import { CountCard } from './components/count-card.tsx';
import { DashboardList } from './components/dashboard-list.tsx';
import { RequirementsList } from './components/requirements-list.tsx';
import { TasksList } from './components/tasks-list.tsx';

// The company's latest changes, for admins: its code loads after the dashboard's own.
const RecentActivityCard = lazy(() => import('../activity/components/recent-activity-card.tsx'));

/** Whose tasks the task lists show, kept in the address (`/?assignee=me`) as the board does. */
const readView = (params: URLSearchParams) => ({
  assignee: choiceParam(params, 'assignee', taskAssigneeFilters),
});

export default function DashboardPage() {
  const [view, setView] = useUrlFilters(readView);
  const dashboard = useDashboard(view);
  const isAdmin = useIsAdmin();
  useDocumentTitle('Dashboard');
  const data = dashboard.data;
  // The board, filtered as a list is where the board can be, and showing the same person's tasks.
  const board = (due?: 'overdue') => withQuery('/tasks', { due, assignee: view.assignee });

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
          <Group justify="flex-end">
            <WhoseTasksControl
              value={view.assignee}
              onChange={(assignee) => setView({ assignee })}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TasksList
              title="Overdue Tasks"
              empty="No overdue tasks"
              tasks={data.overdueTasks}
              board={board('overdue')}
            />
            <TasksList
              title={`Tasks Due in the Next ${TASKS_DUE_WITHIN_DAYS} Days`}
              empty={`No tasks due in the next ${TASKS_DUE_WITHIN_DAYS} days`}
              tasks={data.tasksDueSoon}
              // The board has no 14-day window (this week, next 30 days): the whole board.
              board={board()}
            />
          </SimpleGrid>
          <RequirementsList requirements={data.requirementsDue} total={data.requirementsDueTotal} />
          {isAdmin && (
            <Suspense fallback={null}>
              <RecentActivityCard />
            </Suspense>
          )}
        </Stack>
      )}
    </>
  );
}
