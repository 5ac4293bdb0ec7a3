import { Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { BackLink, RecordStates } from '../../components/detail-states.tsx';
import { Detail, DetailsList, NotesDetail } from '../../components/details-list.tsx';
import { OrganizationContactsCard } from '../../features/contacts/components/organization-contacts-card.tsx';
import { useOpportunity } from '../../features/opportunities/api/opportunities-api.ts';
import { StageBadge } from '../../features/opportunities/components/stage-badge.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { paths } from '../paths.ts';
import { parseId } from './parse-id.ts';

export default function OpportunityDetailPage() {
  const id = parseId(useParams().id);
  const opportunity = useOpportunity(id);

  return (
    <>
      <BackLink to={paths.opportunities}>Back to opportunities</BackLink>
      <RecordStates id={id} query={opportunity} noun="opportunity">
        {(data) => (
          <Stack gap="lg">
            <Group gap="md">
              <Title order={1} size="h2">
                {data.name}
              </Title>
              <StageBadge stage={data.stage} />
            </Group>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Card withBorder padding="lg">
                <DetailsList>
                  <Detail label="Organization">{data.organization}</Detail>
                  <Group gap="xl">
                    <Detail label="Amount">{formatMoney(data.amount)}</Detail>
                    <Detail label="Probability">
                      {data.probability === null ? 'Not set' : `${data.probability}%`}
                    </Detail>
                    <Detail label="Expected Close">{formatDate(data.expectedCloseDate)}</Detail>
                  </Group>
                  <NotesDetail notes={data.notes} />
                </DetailsList>
              </Card>
              <OrganizationContactsCard
                organization={data.organization}
                title={`Contacts at ${data.organization}`}
                openInDialog
              />
            </SimpleGrid>
          </Stack>
        )}
      </RecordStates>
    </>
  );
}
