import { Card, Grid, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { RecordPage } from '../../components/record-page.tsx';
import { OrganizationContactsCard } from '../../features/contacts/components/organization-contacts-card.tsx';
import { useGrant } from '../../features/grants/api/grants-api.ts';
import { grantKind } from '../../features/grants/components/grant-kind.ts';
import { GrantSummary } from '../../features/grants/components/grant-summary.tsx';
import { GrantTasksSection } from '../../features/grants/components/grant-tasks-section.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { parseId } from '../../lib/parse-id.ts';
import { paths } from '../paths.ts';

export default function GrantDetailPage() {
  const id = parseId(useParams().id);
  const grant = useGrant(id);
  useDocumentTitle(grant.data?.name, 'Grants');

  return (
    <RecordPage
      id={id}
      query={grant}
      kind={grantKind}
      list={{ to: paths.grants, label: 'Back to grants' }}
      title={(grant) => grant.name}
    >
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
