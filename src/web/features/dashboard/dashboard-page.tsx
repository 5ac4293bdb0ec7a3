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
import { errorMessage } from '../../lib/api-client.ts';
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
        <Text c="red" role="alert">
          {errorMessage(dashboard.error)}
        </Text>
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
            <Card withBorder padding="lg" component="section" aria-labelledby="deadlines-title">
              <Title order={2} size="h4" mb="md" id="deadlines-title">
                Upcoming Grant Deadlines
              </Title>
              {data.upcomingDeadlines.length === 0 ? (
                <Text c="dimmed">No upcoming grant deadlines</Text>
              ) : (
                <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {data.upcomingDeadlines.map((grant) => (
                    <li key={grant.id}>
                      <Group justify="space-between" wrap="nowrap">
                        <div>
                          <Anchor component={Link} to={`/grants/${grant.id}`} fw={500}>
                            {grant.name}
                          </Anchor>
                          <Text size="sm" c="dimmed">
                            {grant.funder}
                          </Text>
                        </div>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatDate(grant.dueDate)}
                        </Text>
                      </Group>
                    </li>
                  ))}
                </Stack>
              )}
            </Card>
            <Card withBorder padding="lg" component="section" aria-labelledby="recent-title">
              <Title order={2} size="h4" mb="md" id="recent-title">
                Recent Interactions
              </Title>
              {data.recentInteractions.length === 0 ? (
                <Text c="dimmed">No recent interactions</Text>
              ) : (
                <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {data.recentInteractions.map((interaction) => (
                    <li key={interaction.id}>
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <div>
                          <Anchor component={Link} to={`/interactions/${interaction.id}`} fw={500}>
                            {typeName(interaction.type)} with {interaction.contactName}
                          </Anchor>
                          <Text size="sm" c="dimmed" lineClamp={1}>
                            {interaction.notes}
                          </Text>
                        </div>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(interaction.date)}
                        </Text>
                      </Group>
                    </li>
                  ))}
                </Stack>
              )}
            </Card>
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
