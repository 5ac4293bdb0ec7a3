import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fragment, lazy, type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { FunderDeadline } from '../../../domain/funders.ts';
import { counted } from '../../../domain/wording.ts';
import { BackLink, RecordStates } from '../../components/detail-states.tsx';
import { Detail, DetailsList, NotesDetail } from '../../components/details-list.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RecordHistory } from '../../features/activity/components/record-history.tsx';
import { useIsAdmin } from '../../features/auth/api/auth-api.ts';
import { useFunder } from '../../features/funders/api/funders-api.ts';
import { funderTypeText } from '../../features/funders/components/funder-type.ts';
import { GrantStatusBadge } from '../../features/grants/components/grant-status-badge.tsx';
import { StageBadge } from '../../features/opportunities/components/stage-badge.tsx';
import { useLeaveFor } from '../../lib/back-to-list.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { parseId } from '../../lib/parse-id.ts';
import { paths } from '../paths.ts';

function Section({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {empty === null ? children : <Text c="dimmed">{empty}</Text>}
    </Card>
  );
}

/** A section listing related records, one line each, or `empty` when there are none. */
function RelatedList<Item extends { id: number }>({
  title,
  items,
  empty,
  children,
}: {
  title: string;
  items: Item[];
  empty: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <Section title={title} empty={items.length === 0 ? empty : null}>
      <Stack gap="xs">
        {items.map((item) => (
          <Fragment key={item.id}>{children(item)}</Fragment>
        ))}
      </Stack>
    </Section>
  );
}

const EditFunderDialog = lazy(() =>
  import('../../features/funders/components/funder-dialogs.tsx').then((m) => ({
    default: m.EditFunderDialog,
  })),
);
const DeleteFunder = lazy(() =>
  import('../../features/funders/components/funder-dialogs.tsx').then((m) => ({
    default: m.DeleteFunder,
  })),
);
const MergeFunderDialog = lazy(() =>
  import('../../features/funders/components/funder-dialogs.tsx').then((m) => ({
    default: m.MergeFunderDialog,
  })),
);

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });

const deadlineKinds: Record<FunderDeadline['kind'], string> = {
  grant: 'Grant due',
  task: 'Task due',
  requirement: 'Requirement due',
};

/** A funder's page: its details, its grants' figures and what is related to it. */
export default function FunderDetailPage() {
  const id = parseId(useParams().id);
  const query = useFunder(id);
  useDocumentTitle(query.data?.name, 'Funders');
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const leave = useLeaveFor(paths.funders);
  const [dialog, setDialog] = useState<'edit' | 'merge' | 'delete' | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  // An admin made a user elsewhere (found out when a change is refused) keeps no merge or delete
  // open, as each could only be refused again, nor has one open again if made an admin again.
  useEffect(() => {
    if (!isAdmin) setDialog((open) => (open === 'merge' || open === 'delete' ? null : open));
  }, [isAdmin]);

  return (
    <>
      <BackLink to="/funders">Back to funders</BackLink>
      <RecordStates id={id} query={query} noun="funder">
        {(funder) => (
          <>
            <PageHeader
              title={funder.name}
              badge={<Badge variant="light">{funderTypeText(funder.type)}</Badge>}
              actions={
                <>
                  {isAdmin && (
                    <>
                      <Button variant="default" color="red" onClick={() => setDialog('delete')}>
                        Delete
                      </Button>
                      <Button variant="default" onClick={() => setDialog('merge')}>
                        Merge
                      </Button>
                    </>
                  )}
                  <Button onClick={() => setDialog('edit')}>Edit</Button>
                </>
              }
            />
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <Card withBorder padding="lg">
                  <DetailsList>
                    <Detail label="Website">
                      {funder.website ? (
                        <Anchor href={funder.website} target="_blank" rel="noopener noreferrer">
                          {funder.website}
                        </Anchor>
                      ) : (
                        'Not set'
                      )}
                    </Detail>
                    <NotesDetail notes={funder.notes} />
                  </DetailsList>
                </Card>
                <Card withBorder padding="lg" aria-label="Grant figures">
                  <Group gap="xl">
                    <Detail label="Requested">{formatMoney(funder.requestedTotal)}</Detail>
                    <Detail label="Awarded">{formatMoney(funder.awardedTotal)}</Detail>
                    <Detail label="Win rate">
                      {funder.winRate === null
                        ? 'No decisions yet'
                        : percent.format(funder.winRate)}
                    </Detail>
                  </Group>
                  <Text size="sm" c="dimmed" mt="sm">
                    {`${counted(funder.grantCount, 'grant')} · ${funder.awardedCount} awarded · ${funder.rejectedCount} rejected`}
                  </Text>
                </Card>
              </SimpleGrid>
              <Section
                title="Upcoming Deadlines"
                empty={funder.deadlines.length === 0 ? 'No upcoming deadlines' : null}
              >
                <ListTable minWidth={480} labels={[null, 'Kind', 'Due']}>
                  <thead>
                    <tr>
                      <th>Deadline</th>
                      <th>Kind</th>
                      <th>Due</th>
                    </tr>
                  </thead>
                  <tbody>
                    {funder.deadlines.map((deadline) => (
                      <tr key={`${deadline.kind}-${deadline.id}`}>
                        <td>
                          <Anchor component={Link} to={`/grants/${deadline.grantId}`}>
                            {deadline.title}
                          </Anchor>
                        </td>
                        <td>{deadlineKinds[deadline.kind]}</td>
                        <td style={{ whiteSpace: 'nowrap' }}>{formatDate(deadline.dueDate)}</td>
                      </tr>
                    ))}
                  </tbody>
                </ListTable>
              </Section>
              <Section title="Grants" empty={funder.grants.length === 0 ? 'No grants yet' : null}>
                <ListTable minWidth={560} labels={[null, 'Status', 'Amount', 'Due']}>
                  <thead>
                    <tr>
                      <th>Name</th>
                      <th>Status</th>
                      <th style={{ textAlign: 'right' }}>Amount</th>
                      <th>Due</th>
                    </tr>
                  </thead>
                  <tbody>
                    {funder.grants.map((grant) => (
                      <tr key={grant.id}>
                        <td>
                          <Anchor component={Link} to={`/grants/${grant.id}`}>
                            {grant.name}
                          </Anchor>
                        </td>
                        <td>
                          <GrantStatusBadge status={grant.status} />
                        </td>
                        <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                          {formatMoney(grant.amount)}
                        </td>
                        <td style={{ whiteSpace: 'nowrap' }}>{formatDate(grant.dueDate)}</td>
                      </tr>
                    ))}
                  </tbody>
                </ListTable>
              </Section>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <RelatedList title="Contacts" items={funder.contacts} empty="No contacts yet">
                  {(contact) => (
                    <Anchor component={Link} to={`/contacts/${contact.id}`}>
                      {contact.name}
                    </Anchor>
                  )}
                </RelatedList>
                <RelatedList
                  title="Opportunities"
                  items={funder.opportunities}
                  empty="No opportunities yet"
                >
                  {(opportunity) => (
                    <Group justify="space-between">
                      <Anchor component={Link} to={`/opportunities/${opportunity.id}`}>
                        {opportunity.name}
                      </Anchor>
                      <StageBadge stage={opportunity.stage} />
                    </Group>
                  )}
                </RelatedList>
              </SimpleGrid>
              <RelatedList
                title="Recent Interactions"
                items={funder.interactions}
                empty="No interactions yet"
              >
                {(interaction) => (
                  <Text size="sm">
                    <Anchor component={Link} to={`/interactions/${interaction.id}`}>
                      {`${formatDate(interaction.date)} · ${interaction.contactName}`}
                    </Anchor>
                    {` — ${interaction.notes}`}
                  </Text>
                )}
              </RelatedList>
              <RecordHistory entity="funder" id={funder.id} />
            </Stack>
            {/* Mounted from their first opening on, so each gives the focus back on closing. */}
            <LoadWhenOpened opened={dialog === 'edit'}>
              <EditFunderDialog funder={funder} opened={dialog === 'edit'} onClose={closeDialog} />
            </LoadWhenOpened>
            <LoadWhenOpened opened={dialog === 'merge'}>
              <MergeFunderDialog
                funder={funder}
                opened={dialog === 'merge'}
                onClose={closeDialog}
                onMerged={(kept) => {
                  setDialog(null);
                  navigate(`/funders/${kept.id}`, { replace: true });
                }}
              />
            </LoadWhenOpened>
            <LoadWhenOpened opened={dialog === 'delete'}>
              <DeleteFunder
                funder={funder}
                asked={dialog === 'delete'}
                onAsked={closeDialog}
                onDeleted={leave}
                onMerge={() => setDialog('merge')}
              />
            </LoadWhenOpened>
          </>
        )}
      </RecordStates>
    </>
  );
}
