import { Card, Center, Loader, Modal, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type GrantStatus, grantStatusLabels, type Pipeline } from '../../../../domain/grants.ts';
import { StageFunnel } from '../../../components/stage-funnel.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useGrants, usePipeline } from '../api/grants-api.ts';
import { GrantStatusBadge, grantStatusColors } from './grant-status-badge.tsx';

/** The Grant Pipeline: five stages in order, each with its count and total; each opens its list. */
export function GrantPipeline() {
  const pipeline = usePipeline();
  const [open, setOpen] = useState<GrantStatus | null>(null);
  const stages: Pipeline = pipeline.data ?? [];

  return (
    <Card withBorder padding="lg" mb="lg">
      <Title order={2} size="h4" mb="md">
        Grant Pipeline
      </Title>
      {pipeline.isPending ? (
        <Center h={400}>
          <Loader aria-label="Loading the pipeline" />
        </Center>
      ) : (
        <StageFunnel
          stages={stages.map((stage) => ({
            key: stage.status,
            label: grantStatusLabels[stage.status],
            color: grantStatusColors[stage.status],
            count: stage.count,
            total: stage.total,
            noun: ['grant', 'grants'],
          }))}
          onSelect={(key) => setOpen(key as GrantStatus)}
        />
      )}
      <StageDialog status={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

const STAGE_LIST_LIMIT = 200;

function StageDialog({ status, onClose }: { status: GrantStatus | null; onClose: () => void }) {
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
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Funder</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Due Date</Table.Th>
                <Table.Th>Notes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((grant) => (
                <Table.Tr key={grant.id}>
                  <Table.Td>{grant.name}</Table.Td>
                  <Table.Td>{grant.funder}</Table.Td>
                  <Table.Td>
                    <GrantStatusBadge status={grant.status} />
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(grant.amount)}</Table.Td>
                  <Table.Td>{formatDate(grant.dueDate)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {grant.notes}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
