import { Card, Group, SimpleGrid } from '@mantine/core';
import { Detail, DetailsList, NotesDetail } from '../../components/details-list.tsx';
import { RecordPage } from '../../components/record-page.tsx';
import { RecordHistory } from '../../features/activity/components/record-history.tsx';
import { OrganizationContactsCard } from '../../features/contacts/components/organization-contacts-card.tsx';
import { FunderLink } from '../../features/funders/components/funder-link.tsx';
import { opportunityKind } from '../../features/opportunities/components/opportunity-kind.ts';
import { StageBadge } from '../../features/opportunities/components/stage-badge.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';

export default function OpportunityDetailPage() {
  return (
    <RecordPage
      kind={opportunityKind}
      title={(opportunity) => opportunity.name}
      badge={(opportunity) => <StageBadge stage={opportunity.stage} />}
    >
      {(data) => (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder padding="lg">
            <DetailsList>
              <Detail label="Organization">
                <FunderLink name={data.organization} />
              </Detail>
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
          <RecordHistory entity="opportunity" id={data.id} />
        </SimpleGrid>
      )}
    </RecordPage>
  );
}
