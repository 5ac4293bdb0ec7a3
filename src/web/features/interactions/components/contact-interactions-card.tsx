import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { lazy, useState } from 'react';
import type { Interaction } from '../../../../domain/interactions.ts';
import { LoadWhenOpened } from '../../../components/load-when-opened.tsx';
import { RELATED_SHOWN, RelatedCard } from '../../../components/related-card.tsx';
import { withQuery } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useInteractions } from '../api/interactions-api.ts';
import { InteractionTypeLabel } from './interaction-type.tsx';

const InteractionDetailsDialog = lazy(() =>
  import('./interaction-details-dialog.tsx').then((m) => ({
    default: m.InteractionDetailsDialog,
  })),
);

/**
 * 'Recent Interactions' of one contact, the latest first, and a link to all of them; each opens
 * its 'Interaction Details' dialog.
 */
export function ContactInteractionsCard({ contactId }: { contactId: number }) {
  const interactions = useInteractions({ contactId, limit: RELATED_SHOWN });
  const [open, setOpen] = useState<Interaction | null>(null);

  return (
    <RelatedCard
      title="Recent Interactions"
      query={interactions}
      noun="interactions"
      empty="No interactions with this contact yet."
      viewAll={withQuery('/interactions', { contactId })}
    >
      {(items) => (
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
          <LoadWhenOpened opened={open !== null}>
            <InteractionDetailsDialog record={open} onClose={() => setOpen(null)} />
          </LoadWhenOpened>
        </Stack>
      )}
    </RelatedCard>
  );
}
