import { Card, Center, Loader, Title } from '@mantine/core';
import { stageLabels, stageProbabilities } from '../../../../domain/opportunity-constants.ts';
import { StageFunnel } from '../../../components/stage-funnel.tsx';
import { useOpportunityPipeline } from '../api/opportunities-api.ts';
import { stageColors } from './stage-badge.tsx';

/** Six stages in order, each with its count, total amount and default probability. */
export function OpportunityPipeline() {
  const pipeline = useOpportunityPipeline();
  return (
    <Card
      withBorder
      padding="lg"
      mb="lg"
      component="section"
      aria-labelledby="opportunity-pipeline"
    >
      <Title order={2} size="h4" mb="md" id="opportunity-pipeline">
        Opportunity Pipeline
      </Title>
      {pipeline.isPending ? (
        <Center h={400}>
          <Loader aria-label="Loading the pipeline" />
        </Center>
      ) : (
        <StageFunnel
          stages={(pipeline.data ?? []).map((stage) => ({
            key: stage.stage,
            label: stageLabels[stage.stage],
            color: stageColors[stage.stage],
            count: stage.count,
            total: stage.total,
            noun: ['opportunity', 'opportunities'],
            extra: `${stageProbabilities[stage.stage]}%`,
          }))}
        />
      )}
    </Card>
  );
}
