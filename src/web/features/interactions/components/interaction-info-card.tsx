import { Card, Stack, Text, Title } from '@mantine/core';
import type { Interaction } from '../../../../domain/interactions.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { InteractionTypeLabel } from './interaction-type.tsx';

/** Type, full date and time, and notes. */
export function InteractionSummary({ interaction }: { interaction: Interaction }) {
  return (
    <Stack gap="sm">
      <InteractionTypeLabel type={interaction.type} />
      <Text size="sm" c="dimmed">
        {formatDateTime(interaction.date)}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{interaction.notes}</Text>
    </Stack>
  );
}

export function InteractionInfoCard({ interaction }: { interaction: Interaction }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Interaction Information
      </Title>
      <InteractionSummary interaction={interaction} />
    </Card>
  );
}
