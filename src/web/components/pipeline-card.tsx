import { Card, Center, Loader, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A pipeline's card: its title, a spinner while it loads, then its funnel (`children`). */
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
      {pending ? (
        <Center h={400}>
          <Loader aria-label="Loading the pipeline" />
        </Center>
      ) : (
        children
      )}
    </Card>
  );
}
