import { Button } from '@mantine/core';
import { IconBriefcase, IconPlus } from '@tabler/icons-react';
import type { Opportunity, OpportunitySortField } from '../../../domain/opportunities.ts';
import { useListState } from '../../components/list-controls.tsx';
import { ListPanel, pageParams, useRecordDialog } from '../../components/list-page.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useOpportunities } from './api/opportunities-api.ts';
import { OpportunitiesTable } from './components/opportunities-table.tsx';
import { opportunityActions } from './components/opportunity-actions.ts';
import { OpportunityPipeline } from './components/opportunity-pipeline.tsx';

export default function OpportunitiesPage() {
  useDocumentTitle('Opportunities');
  const list = useListState<OpportunitySortField>();
  const opportunities = useOpportunities(pageParams(list));
  const deletion = opportunityActions.useDeletion();
  const dialog = useRecordDialog<Opportunity>();

  const rowActions = { onEdit: dialog.openEdit, onDelete: deletion.ask, sorting: list };

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
        <opportunityActions.Dialog
          opened={dialog.opened}
          onClose={dialog.close}
          opportunity={dialog.record}
        />
      </LoadWhenOpened>
    </>
  );
}
