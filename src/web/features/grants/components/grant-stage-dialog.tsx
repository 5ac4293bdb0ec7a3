import { Loader, Modal, Table, Text } from '@mantine/core';
import { type GrantStatus, grantStatusLabels } from '../../../../domain/grant-constants.ts';
import { SimpleTable } from '../../../components/simple-table.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useGrants } from '../api/grants-api.ts';
import { GrantStatusBadge } from './grant-status-badge.tsx';

const STAGE_LIST_LIMIT = 200;

/** The grants of one pipeline stage, or 'No grants in this stage'. */
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
  return (
    <Modal
      opened={status !== null}
      onClose={onClose}
      title={status ? `${grantStatusLabels[status]} grants` : ''}
      size="xl"
    >
      {grants.isPending || grants.isPlaceholderData ? (
        <Loader size="sm" aria-label="Loading grants" />
      ) : items.length === 0 ? (
        <Text c="dimmed">No grants in this stage</Text>
      ) : (
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
              <Table.Td>{grant.name}</Table.Td>
              <Table.Td>{grant.funder}</Table.Td>
              <Table.Td>
                <GrantStatusBadge status={grant.status} />
              </Table.Td>
              <Table.Td ta="right">{formatMoney(grant.amount)}</Table.Td>
              <Table.Td>{formatDate(grant.dueDate)}</Table.Td>
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
      )}
    </Modal>
  );
}
