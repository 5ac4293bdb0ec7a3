import { Button } from '@mantine/core';
import { IconBriefcase, IconPlus } from '@tabler/icons-react';
import { lazy } from 'react';
import type { Opportunity, OpportunitySortField } from '../../../domain/opportunities.ts';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { useListState } from '../../components/list-controls.tsx';
import { ListPanel, pageParams, useRecordDialog } from '../../components/list-page.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { withNotice } from '../../lib/notify.ts';
import { useDeleteOpportunity, useOpportunities } from './api/opportunities-api.ts';
import { OpportunitiesTable } from './components/opportunities-table.tsx';
import { OpportunityPipeline } from './components/opportunity-pipeline.tsx';

const OpportunityDialog = lazy(() =>
  import('./components/opportunity-dialog.tsx').then((m) => ({ default: m.OpportunityDialog })),
);

export default function OpportunitiesPage() {
  const list = useListState<OpportunitySortField>();
  const opportunities = useOpportunities(pageParams(list));
  const remove = useDeleteOpportunity();
  const dialog = useRecordDialog<Opportunity>();

  const askDelete = (opportunity: Opportunity) =>
    confirmDelete({
      title: 'Delete opportunity',
      message: `Delete ${opportunity.name}? This cannot be undone.`,
      onConfirm: () =>
        withNotice(() => remove.mutateAsync(opportunity.id), 'Opportunity deleted successfully'),
    });

  const rowActions = { onEdit: dialog.openEdit, onDelete: askDelete, sorting: list };

  return (
    <>
      <PageHeader
        title="Opportunities"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={dialog.openNew}>
            Add Opportunity
          </Button>
        }
      />
      <OpportunityPipeline />
      <ListPanel list={list} query={opportunities} noun="opportunities" icon={IconBriefcase}>
        {(rows) => <OpportunitiesTable rows={rows} {...rowActions} />}
      </ListPanel>
      <LoadWhenOpened opened={dialog.opened}>
        <OpportunityDialog
          opened={dialog.opened}
          onClose={dialog.close}
          opportunity={dialog.record}
        />
      </LoadWhenOpened>
    </>
  );
}
