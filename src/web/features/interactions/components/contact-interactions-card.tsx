import { Card, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { lazy, useState } from 'react';
import type { Interaction } from '../../../../domain/interactions.ts';
import { LoadWhenOpened } from '../../../components/load-when-opened.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useInteractions } from '../api/interactions-api.ts';
import { InteractionTypeLabel } from './interaction-type.tsx';

const SHOWN = 20;

const InteractionDetailsDialog = lazy(() =>
  import('./interaction-details-dialog.tsx').then((m) => ({
    default: m.InteractionDetailsDialog,
  })),
);

/** 'Recent Interactions' of one contact; each opens its 'Interaction Details' dialog. */
export function ContactInteractionsCard({ contactId }: { contactId: number }) {
  const interactions = useInteractions({ contactId, limit: SHOWN });
  const [open, setOpen] = useState<Interaction | null>(null);
  const items = interactions.data?.items ?? [];

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Recent Interactions
      </Title>
      {interactions.isPending ? (
        <Loader size="sm" aria-label="Loading interactions" />
      ) : interactions.isError ? (
        <Text c="red" role="alert">
          {errorMessage(interactions.error)}
        </Text>
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          No interactions with this contact yet.
        </Text>
      ) : (
        <Stack gap="xs">
          {items.map((interaction) => (
            <UnstyledButton
              key={interaction.id}
              onClick={() => setOpen(interaction)}
              p="xs"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <Group justify="space-between" wrap="nowrap">
                <InteractionTypeLabel type={interaction.type} />
                <Text size="xs" c="dimmed">
                  {formatDate(interaction.date)}
                </Text>
              </Group>
              <Text size="sm" lineClamp={1} mt={4}>
                {interaction.notes}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      <LoadWhenOpened opened={open !== null}>
        <InteractionDetailsDialog record={open} onClose={() => setOpen(null)} />
      </LoadWhenOpened>
    </Card>
  );
}
