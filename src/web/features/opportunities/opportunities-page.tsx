import { IconBriefcase } from '@tabler/icons-react';
import {
  type OpportunityStage,
  opportunitySortFields,
  opportunityStages,
  stageLabels,
} from '../../../domain/opportunity-constants.ts';
import { counted } from '../../../domain/wording.ts';
import { BulkListPanel, useRecordList } from '../../components/bulk-actions.tsx';
import { useListState } from '../../components/list-controls.tsx';
import { ListPage, pageParams } from '../../components/list-page.tsx';
import { choicesOf } from '../../lib/choices.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useBulkOpportunityStage, useOpportunities } from './api/opportunities-api.ts';
import { OpportunitiesTable } from './components/opportunities-table.tsx';
import { opportunityKind } from './components/opportunity-kind.ts';
import { OpportunityPipeline } from './components/opportunity-pipeline.tsx';

export default function OpportunitiesPage() {
  useDocumentTitle('Opportunities');
  const list = useListState(opportunitySortFields);
  const params = pageParams(list);
  const opportunities = useOpportunities(params);
  const records = useRecordList(opportunityKind, list, params);
  const { selection } = records;
  const bulkStage = useBulkOpportunityStage();

  return (
    <ListPage title="Opportunities" addLabel="Add Opportunity" records={records}>
      <OpportunityPipeline />
      <BulkListPanel
        {...records.panel}
        query={opportunities}
        icon={IconBriefcase}
        bulk={{
          ...records.panel.bulk,
          changes: [
            {
              label: `Change the stage of ${counted(selection.ids.size, 'selected opportunity', 'selected opportunities')}`,
              placeholder: 'Change stage…',
              apply: 'Change stage',
              choices: choicesOf(opportunityStages, stageLabels),
              onChange: (stage) =>
                bulkStage.mutateAsync({
                  ids: [...selection.ids],
                  stage: stage as OpportunityStage,
                }),
              changed: (count, stage) =>
                `${counted(count, 'opportunity', 'opportunities')} now ${stage.label}`,
            },
          ],
        }}
      >
        {(rows) => <OpportunitiesTable rows={rows} {...records.rowActions} />}
      </BulkListPanel>
    </ListPage>
  );
}
