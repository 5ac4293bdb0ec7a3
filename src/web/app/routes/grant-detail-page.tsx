import { Card, Grid, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { RecordPage } from '../../components/record-page.tsx';
import { RecordHistory } from '../../features/activity/components/record-history.tsx';
import { grantKind } from '../../features/grants/components/grant-kind.ts';
import { GrantSummary } from '../../features/grants/components/grant-summary.tsx';
import { GrantTasksSection } from '../../features/grants/components/grant-tasks-section.tsx';

// The sections beside the grant's own facts and tasks load their code as they load their data.
const GrantRequirementsSection = lazy(
  () => import('../../features/grants/components/grant-requirements-section.tsx'),
);
const OrganizationContactsCard = lazy(() =>
  import('../../features/contacts/components/organization-contacts-card.tsx').then((m) => ({
    default: m.OrganizationContactsCard,
  })),
);

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
              <Suspense
                fallback={
                  <Card withBorder padding="lg">
                    Loading requirements...
                  </Card>
                }
              >
                <GrantRequirementsSection grantId={data.id} />
              </Suspense>
              <RecordHistory entity="grant" id={data.id} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Suspense fallback={null}>
              <OrganizationContactsCard organization={data.funder} />
            </Suspense>
          </Grid.Col>
        </Grid>
      )}
    </RecordPage>
  );
}
