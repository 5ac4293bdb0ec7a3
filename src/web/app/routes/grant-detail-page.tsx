import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { BackLink, LoadingText, NotFoundText } from '../../components/detail-states.tsx';
import { OrganizationContactsCard } from '../../features/contacts/components/organization-contacts-card.tsx';
import { useGrant } from '../../features/grants/api/grants-api.ts';
import { GrantSummary } from '../../features/grants/components/grant-summary.tsx';
import { GrantTasksSection } from '../../features/grants/components/grant-tasks-section.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { paths } from '../paths.ts';
import { parseId } from './parse-id.ts';

export default function GrantDetailPage() {
  const id = parseId(useParams().id);
  const grant = useGrant(id);

  return (
    <>
      <BackLink to={paths.grants}>Back to grants</BackLink>
      {id === null || grant.data === null ? (
        <NotFoundText>Grant not found</NotFoundText>
      ) : grant.isPending ? (
        <LoadingText />
      ) : grant.isError ? (
        <Text c="red" role="alert">
          {errorMessage(grant.error)}
        </Text>
      ) : (
        <Stack gap="lg">
          <Title order={1} size="h2">
            {grant.data.name}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder padding="lg">
              <GrantSummary grant={grant.data} />
            </Card>
            <OrganizationContactsCard organization={grant.data.funder} />
          </SimpleGrid>
          <GrantTasksSection grantId={grant.data.id} grantName={grant.data.name} />
        </Stack>
      )}
    </>
  );
}
