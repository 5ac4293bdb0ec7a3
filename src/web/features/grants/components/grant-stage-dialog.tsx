import { Anchor, Loader, Modal, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type GrantStatus, grantStatusLabels } from '../../../../domain/grant-constants.ts';
import { LoadFailed } from '../../../components/query-states.tsx';
import { ShowingSome } from '../../../components/showing-some.tsx';
import { SimpleTable } from '../../../components/simple-table.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useGrants } from '../api/grants-api.ts';
import { GrantStatusBadge } from './grant-status-badge.tsx';

const STAGE_LIST_LIMIT = 200;

/**
 * The grants of one pipeline stage, or 'No grants in this stage': the first STAGE_LIST_LIMIT,
 * soonest due first, each a link to its page; past them, how many there are and a link to all
 * of them in the grants list. Grants that could not be read are said to be so, never none.
 */
export function StageDialog({
  status,
  onClose,
}: {
  status: GrantStatus | null;
  onClose: () => void;
}) {
  const grants = useGrants(
    { status: status ?? undefined, sort: 'dueDate', limit: STAGE_LIST_LIMIT },
    status !== null,
  );
  const items = grants.data?.items ?? [];
  const total = grants.data?.total ?? 0;
  return (
    <Modal
      opened={status !== null}
      onClose={onClose}
      title={status ? `${grantStatusLabels[status]} grants` : ''}
      size="xl"
    >
      {grants.isPending || grants.isPlaceholderData ? (
        <Loader size="sm" aria-label="Loading grants" />
      ) : grants.data === undefined ? (
        <LoadFailed what="The grants" error={grants.error} onRetry={() => void grants.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">No grants in this stage</Text>
      ) : (
        <>
          <SimpleTable
            minWidth={640}
            spacing="xs"
            labelFirst
            headers={[
              'Name',
              'Funder',
              'Status',
              { label: 'Amount', align: 'right' },
              'Due Date',
              'Notes',
            ]}
          >
            {items.map((grant) => (
              <Table.Tr key={grant.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/grants/${grant.id}`} size="sm">
                    {grant.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{grant.funder}</Table.Td>
                <Table.Td>
                  <GrantStatusBadge status={grant.status} />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(grant.amount)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(grant.dueDate)}</Table.Td>
                {/* Empty without notes: a card then has no Notes line (list-table's td:empty). */}
                <Table.Td>
                  {grant.notes && (
                    <Text size="sm" lineClamp={2}>
                      {grant.notes}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </SimpleTable>
          {status && (
            <ShowingSome shown={items.length} total={total} to={`/grants?status=${status}`}>
              {`View all ${total.toLocaleString('en-US')}`}
            </ShowingSome>
          )}
        </>
      )}
    </Modal>
  );
}
