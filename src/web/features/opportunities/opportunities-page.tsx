import { Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconBriefcase, IconPlus } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import type { Opportunity, OpportunitySortField } from '../../../domain/opportunities.ts';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { ListFooter, PAGE_SIZE, SearchBox, useListState } from '../../components/list-controls.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { withNotice } from '../../lib/notify.ts';
import { useDeleteOpportunity, useOpportunities } from './api/opportunities-api.ts';
import { OpportunitiesTable } from './components/opportunities-table.tsx';
import { OpportunityPipeline } from './components/opportunity-pipeline.tsx';

const OpportunityDialog = lazy(() =>
  import('./components/opportunity-dialog.tsx').then((m) => ({ default: m.OpportunityDialog })),
);

type Dialog = { mode: 'create' } | { mode: 'edit'; opportunity: Opportunity } | null;

export default function OpportunitiesPage() {
  const list = useListState<OpportunitySortField>();
  const opportunities = useOpportunities({
    q: list.q,
    sort: list.sort,
    limit: PAGE_SIZE,
    offset: list.offset,
  });
  const remove = useDeleteOpportunity();
  const [dialog, setDialog] = useState<Dialog>(null);

  const askDelete = (opportunity: Opportunity) =>
    confirmDelete({
      title: 'Delete opportunity',
      message: `Delete ${opportunity.name}? This cannot be undone.`,
      onConfirm: () =>
        withNotice(() => remove.mutateAsync(opportunity.id), 'Opportunity deleted successfully'),
    });

  const page = opportunities.data;
  return (
    <>
      <PageHeader
        title="Opportunities"
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setDialog({ mode: 'create' })}
          >
            Add Opportunity
          </Button>
        }
      />
      <OpportunityPipeline />
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <SearchBox value={list.search} onChange={list.setSearch} label="Search opportunities" />
          {opportunities.isFetching && <Loader size="xs" aria-label="Refreshing" />}
        </Group>
        {opportunities.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading opportunities" />
          </Center>
        ) : opportunities.isError ? (
          <Text c="red" role="alert">
            {errorMessage(opportunities.error)}
          </Text>
        ) : page && page.items.length > 0 ? (
          <>
            <OpportunitiesTable
              opportunities={page.items}
              onEdit={(opportunity) => setDialog({ mode: 'edit', opportunity })}
              onDelete={askDelete}
              sorting={list}
            />
            <ListFooter total={page.total} page={list.page} onPage={list.setPage} />
          </>
        ) : (
          <Stack align="center" py="xl" gap="xs">
            <IconBriefcase size={32} aria-hidden="true" color="var(--mantine-color-dimmed)" />
            <Text fw={500}>
              {list.q ? 'No opportunities match your search' : 'No opportunities yet'}
            </Text>
          </Stack>
        )}
      </Paper>
      <LoadWhenOpened opened={dialog !== null}>
        <OpportunityDialog
          opened={dialog !== null}
          onClose={() => setDialog(null)}
          opportunity={dialog?.mode === 'edit' ? dialog.opportunity : undefined}
        />
      </LoadWhenOpened>
    </>
  );
}
