import { lazy } from 'react';
import { type GrantStatus, grantStatusLabels } from '../../../../domain/grant-constants.ts';
import type { Pipeline } from '../../../../domain/grants.ts';
import { LoadWhenOpened } from '../../../components/load-when-opened.tsx';
import { PipelineCard, PipelineFunnel } from '../../../components/pipeline-card.tsx';
import { useDialogEntry } from '../../../lib/dialog-entry.ts';
import { usePipeline } from '../api/grants-api.ts';
import { grantStatusColors } from './grant-status-badge.tsx';

const StageDialog = lazy(() =>
  import('./grant-stage-dialog.tsx').then((m) => ({ default: m.StageDialog })),
);

/** A stage's button in the pipeline, else the first stage's (none while the pipeline loads). */
const stageButton = (status: GrantStatus) =>
  document.querySelector<HTMLElement>(`[data-stage="${status}"] button`) ??
  document.querySelector<HTMLElement>('[data-stage] button');

/**
 * The Grant Pipeline: five stages in order, each with its count and total; each opens its list,
 * an entry of the history (Back closes it; Back from a grant opened from it shows it again).
 */
export function GrantPipeline() {
  const pipeline = usePipeline();
  const [open, setOpen, close] = useDialogEntry<GrantStatus>('stage');
  const stages: Pipeline = pipeline.data ?? [];

  return (
    <PipelineCard title="Grant Pipeline" query={pipeline}>
      <PipelineFunnel
        stages={stages.map((stage) => ({
          key: stage.status,
          label: grantStatusLabels[stage.status],
          color: grantStatusColors[stage.status],
          count: stage.count,
          total: stage.total,
        }))}
        noun={['grant', 'grants']}
        onSelect={(key) => setOpen(key as GrantStatus)}
      />
      <LoadWhenOpened opened={open !== null} opener={open ? () => stageButton(open) : undefined}>
        <StageDialog status={open} onClose={close} />
      </LoadWhenOpened>
    </PipelineCard>
  );
}
