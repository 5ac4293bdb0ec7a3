import { IconBriefcase } from '@tabler/icons-react';
import type { OpportunitySortField } from '../../../domain/opportunities.ts';
import {
  type OpportunityStage,
  opportunityStages,
  stageLabels,
} from '../../../domain/opportunity-constants.ts';
import { counted } from '../../../domain/wording.ts';
import { BulkBar } from '../../components/bulk-actions.tsx';
import { useListState } from '../../components/list-controls.tsx';
import { ListPage, ListPanel, pageParams, useListRecords } from '../../components/list-page.tsx';
import { useSelection } from '../../components/selection.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import {
  useBulkDeleteOpportunities,
  useBulkOpportunityStage,
  useOpportunities,
} from './api/opportunities-api.ts';
import { OpportunitiesTable } from './components/opportunities-table.tsx';
import { opportunityKind } from './components/opportunity-kind.ts';
import { OpportunityPipeline } from './components/opportunity-pipeline.tsx';

export default function OpportunitiesPage() {
  useDocumentTitle('Opportunities');
  const list = useListState<OpportunitySortField>();
  const params = pageParams(list);
  const opportunities = useOpportunities(params);
  const { dialog, rowActions } = useListRecords(opportunityKind, list);
  const selection = useSelection(params.q ?? '');
  const bulkDelete = useBulkDeleteOpportunities();
  const bulkStage = useBulkOpportunityStage();

  return (
    <ListPage
      title="Opportunities"
      addLabel="Add Opportunity"
      exported={{ list: '/api/opportunities', params }}
      dialog={dialog}
    >
      <OpportunityPipeline />
      <ListPanel list={list} query={opportunities} noun="opportunities" icon={IconBriefcase}>
        {(rows) => (
          <>
            <BulkBar
              rows={rows}
              total={opportunities.data?.total ?? rows.length}
              exported={{ list: '/api/opportunities', params }}
              selection={selection}
              singular="opportunity"
              plural="opportunities"
              onDelete={(ids) => bulkDelete.mutateAsync(ids)}
              changes={[
                {
                  label: `Change the stage of ${counted(selection.ids.size, 'selected opportunity', 'selected opportunities')}`,
                  placeholder: 'Change stage…',
                  choices: opportunityStages.map((stage) => ({
                    value: stage,
                    label: stageLabels[stage],
                  })),
                  onChange: (stage) =>
                    bulkStage.mutateAsync({
                      ids: [...selection.ids],
                      stage: stage as OpportunityStage,
                    }),
                  changed: (count, stage) =>
                    `${counted(count, 'opportunity', 'opportunities')} now ${stage.label}`,
                },
              ]}
            />
            <OpportunitiesTable rows={rows} {...rowActions} selection={selection} />
          </>
        )}
      </ListPanel>
    </ListPage>
  );
}
