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
import { PageHeader } from '../../components/page-header.tsx';
import { LoadFailed } from '../../components/query-states.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';
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
  href: string;
  name: string;
  detail: string;
  /** Lines the detail is cut to; all of it when not set. */
  detailLines?: number;
  when: string;
}

/** A titled section of links to records, each with a line under it and its date on the right. */
function DashboardList({
  id,
  title,
  empty,
  items,
  alignTop = false,
}: {
  id: string;
  title: string;
  empty: string;
  items: ListItem[];
  alignTop?: boolean;
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
              <Group
                justify="space-between"
                wrap="nowrap"
                align={alignTop ? 'flex-start' : undefined}
              >
                <div>
                  <Anchor component={Link} to={item.href} fw={500}>
                    {item.name}
                  </Anchor>
                  <Text size="sm" c="dimmed" lineClamp={item.detailLines}>
                    {item.detail}
                  </Text>
                </div>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {item.when}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

const typeName = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);

export default function DashboardPage() {
  const dashboard = useDashboard();
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
                name: `${typeName(interaction.type)} with ${interaction.contactName}`,
                detail: interaction.notes,
                detailLines: 1,
                when: formatDateTime(interaction.date),
              }))}
            />
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
