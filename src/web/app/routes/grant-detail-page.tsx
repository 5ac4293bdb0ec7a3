import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { BackLink, RecordStates } from '../../components/detail-states.tsx';
import { OrganizationContactsCard } from '../../features/contacts/components/organization-contacts-card.tsx';
import { useGrant } from '../../features/grants/api/grants-api.ts';
import { GrantSummary } from '../../features/grants/components/grant-summary.tsx';
import { GrantTasksSection } from '../../features/grants/components/grant-tasks-section.tsx';
import { paths } from '../paths.ts';
import { parseId } from './parse-id.ts';

export default function GrantDetailPage() {
  const id = parseId(useParams().id);
  const grant = useGrant(id);

  return (
    <>
      <BackLink to={paths.grants}>Back to grants</BackLink>
      <RecordStates id={id} query={grant} noun="grant">
        {(data) => (
          <Stack gap="lg">
            <Title order={1} size="h2">
              {data.name}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Card withBorder padding="lg">
                <GrantSummary grant={data} />
              </Card>
              <OrganizationContactsCard organization={data.funder} />
            </SimpleGrid>
            <GrantTasksSection grantId={data.id} grantName={data.name} />
          </Stack>
        )}
      </RecordStates>
    </>
  );
}
