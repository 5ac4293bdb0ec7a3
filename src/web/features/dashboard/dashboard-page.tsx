import { Loader, SimpleGrid, Stack } from '@mantine/core';
import { IconCoin, IconMessages, IconUsers } from '@tabler/icons-react';
import { TASKS_DUE_WITHIN_DAYS } from '../../../domain/grant-constants.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { LoadFailed } from '../../components/query-states.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { capitalise, formatDate, formatDateTime } from '../../lib/format.ts';
import { useDashboard } from './api/dashboard-api.ts';
import { CountCard } from './components/count-card.tsx';
import { DashboardList } from './components/dashboard-list.tsx';
import { RequirementsList } from './components/requirements-list.tsx';
import { TasksList } from './components/tasks-list.tsx';

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
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TasksList
              title="Overdue Tasks"
              empty="No overdue tasks"
              tasks={data.overdueTasks}
              board="/tasks?due=overdue"
            />
            <TasksList
              title={`Tasks Due in the Next ${TASKS_DUE_WITHIN_DAYS} Days`}
              empty={`No tasks due in the next ${TASKS_DUE_WITHIN_DAYS} days`}
              tasks={data.tasksDueSoon}
              // The board has no 14-day window (this week, next 30 days): the whole board.
              board="/tasks"
            />
          </SimpleGrid>
          <RequirementsList requirements={data.requirementsDue} />
        </Stack>
      )}
    </>
  );
}
