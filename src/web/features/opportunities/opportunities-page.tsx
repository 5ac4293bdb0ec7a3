import { IconBriefcase } from '@tabler/icons-react';
import type { OpportunitySortField } from '../../../domain/opportunities.ts';
import { useListState } from '../../components/list-controls.tsx';
import { ListPage, ListPanel, pageParams, useListRecords } from '../../components/list-page.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useOpportunities } from './api/opportunities-api.ts';
import { OpportunitiesTable } from './components/opportunities-table.tsx';
import { opportunityKind } from './components/opportunity-kind.ts';
import { OpportunityPipeline } from './components/opportunity-pipeline.tsx';

export default function OpportunitiesPage() {
  useDocumentTitle('Opportunities');
  const list = useListState<OpportunitySortField>();
  const params = pageParams(list);
  const opportunities = useOpportunities(params);
  const { dialog, rowActions } = useListRecords(opportunityKind, list);

  return (
    <ListPage
      title="Opportunities"
      addLabel="Add Opportunity"
      exported={{ list: '/api/opportunities', params }}
      dialog={dialog}
    >
      <OpportunityPipeline />
      <ListPanel list={list} query={opportunities} noun="opportunities" icon={IconBriefcase}>
        {(rows) => <OpportunitiesTable rows={rows} {...rowActions} />}
      </ListPanel>
    </ListPage>
  );
}
