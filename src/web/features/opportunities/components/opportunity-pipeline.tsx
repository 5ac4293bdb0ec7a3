import { stageLabels, stageProbabilities } from '../../../../domain/opportunity-constants.ts';
import { PipelineCard, PipelineFunnel } from '../../../components/pipeline-card.tsx';
import { useOpportunityPipeline } from '../api/opportunities-api.ts';
import { stageColors } from './stage-badge.tsx';

/** Six stages in order, each with its count, total amount and default probability. */
export function OpportunityPipeline() {
  const pipeline = useOpportunityPipeline();
  return (
    <PipelineCard title="Opportunity Pipeline" labelId="opportunity-pipeline" query={pipeline}>
      <PipelineFunnel
        stages={(pipeline.data ?? []).map((stage) => ({
          key: stage.stage,
          label: stageLabels[stage.stage],
          color: stageColors[stage.stage],
          count: stage.count,
          total: stage.total,
          extra: `${stageProbabilities[stage.stage]}%`,
        }))}
        noun={['opportunity', 'opportunities']}
      />
    </PipelineCard>
  );
}
