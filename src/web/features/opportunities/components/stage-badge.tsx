import { Badge } from '@mantine/core';
import { type OpportunityStage, stageLabels } from '../../../../domain/opportunity-constants.ts';

export const stageColors: Record<OpportunityStage, string> = {
  prospecting: 'gray',
  qualification: 'blue',
  proposal: 'violet',
  negotiation: 'yellow',
  'closed-won': 'green',
  'closed-lost': 'red',
};

export function StageBadge({ stage }: { stage: OpportunityStage }) {
  return (
    <Badge variant="light" color={stageColors[stage]} radius="sm" c="dark.8">
      {stageLabels[stage]}
    </Badge>
  );
}
