import { Card, Grid, Stack } from '@mantine/core';
import { RecordPage } from '../../components/record-page.tsx';
import { OrganizationContactsCard } from '../../features/contacts/components/organization-contacts-card.tsx';
import { grantKind } from '../../features/grants/components/grant-kind.ts';
import { GrantSummary } from '../../features/grants/components/grant-summary.tsx';
import { GrantTasksSection } from '../../features/grants/components/grant-tasks-section.tsx';

export default function GrantDetailPage() {
  return (
    <RecordPage kind={grantKind} title={(grant) => grant.name}>
      {(data) => (
        // The work first: the grant and its tasks, then the funder's people (beside them on a
        // wide screen, under them on a narrow one).
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="lg">
              <Card withBorder padding="lg">
                <GrantSummary grant={data} />
              </Card>
              <GrantTasksSection grantId={data.id} grantName={data.name} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <OrganizationContactsCard organization={data.funder} />
          </Grid.Col>
        </Grid>
      )}
    </RecordPage>
  );
}
