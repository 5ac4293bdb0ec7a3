import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { BackLink, LoadingText, NotFoundText } from '../../components/detail-states.tsx';
import { OrganizationContactsCard } from '../../features/contacts/components/organization-contacts-card.tsx';
import { useOpportunity } from '../../features/opportunities/api/opportunities-api.ts';
import { StageBadge } from '../../features/opportunities/components/stage-badge.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { paths } from '../paths.ts';
import { parseId } from './parse-id.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

export default function OpportunityDetailPage() {
  const id = parseId(useParams().id);
  const opportunity = useOpportunity(id);
  const data = opportunity.data;

  return (
    <>
      <BackLink to={paths.opportunities}>Back to opportunities</BackLink>
      {id === null || data === null ? (
        <NotFoundText>Opportunity not found</NotFoundText>
      ) : opportunity.isPending ? (
        <LoadingText />
      ) : opportunity.isError || !data ? (
        <Text c="red" role="alert">
          {errorMessage(opportunity.error)}
        </Text>
      ) : (
        <Stack gap="lg">
          <Group gap="md">
            <Title order={1} size="h2">
              {data.name}
            </Title>
            <StageBadge stage={data.stage} />
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder padding="lg">
              <Stack gap="sm">
                <Field label="Organization">{data.organization}</Field>
                <Group gap="xl">
                  <Field label="Amount">{formatMoney(data.amount)}</Field>
                  <Field label="Probability">
                    {data.probability === null ? 'Not set' : `${data.probability}%`}
                  </Field>
                  <Field label="Expected Close">{formatDate(data.expectedCloseDate)}</Field>
                </Group>
                {data.notes && (
                  <Field label="Notes">
                    <span style={{ whiteSpace: 'pre-wrap' }}>{data.notes}</span>
                  </Field>
                )}
              </Stack>
            </Card>
            <OrganizationContactsCard
              organization={data.organization}
              title={`Contacts at ${data.organization}`}
              openInDialog
            />
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
