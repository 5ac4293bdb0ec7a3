import { Card, Center, Loader, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { LoadFailed } from './query-states.tsx';

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

/**
 * A pipeline's card: its title, a spinner while `query` or the funnel loads, then the funnel. A
 * pipeline that could not be read says so, with Try again: never an empty funnel, which would
 * say there is nothing in it.
 */
export function PipelineCard({
  title,
  labelId,
  query,
  children,
}: {
  title: string;
  /** Makes the card a section named by its title. */
  labelId?: string;
  query: UseQueryResult<unknown>;
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
      {query.isPending ? (
        loading
      ) : query.data === undefined ? (
        <LoadFailed
          what={`The ${title.toLowerCase()}`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Suspense fallback={loading}>{children}</Suspense>
      )}
    </Card>
  );
}
