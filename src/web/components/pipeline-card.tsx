import { Card, Center, Loader, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';

/**
 * The funnel a pipeline card draws, loaded while the pipeline's figures are: its code is not part
 * of the list page's first download.
 */
export const PipelineFunnel = lazy(() =>
  import('./stage-funnel.tsx').then((m) => ({ default: m.StageFunnel })),
);

const loading = (
  <Center h={400}>
    <Loader aria-label="Loading the pipeline" />
  </Center>
);

/** A pipeline's card: its title, a spinner while it or its funnel loads, then the funnel. */
export function PipelineCard({
  title,
  labelId,
  pending,
  children,
}: {
  title: string;
  /** Makes the card a section named by its title. */
  labelId?: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      padding="lg"
      mb="lg"
      component={labelId ? 'section' : undefined}
      aria-labelledby={labelId}
    >
      <Title order={2} size="h4" mb="md" id={labelId}>
        {title}
      </Title>
      {pending ? loading : <Suspense fallback={loading}>{children}</Suspense>}
    </Card>
  );
}
