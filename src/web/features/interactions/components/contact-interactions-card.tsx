import { Group, Stack, Text } from '@mantine/core';
import { lazy } from 'react';
import {
  RELATED_SHOWN,
  RelatedCard,
  RelatedItemButton,
} from '../../../components/related-card.tsx';
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

  return (
    <RelatedCard
      title="Recent Interactions"
      query={interactions}
      noun="interactions"
      empty="No interactions with this contact yet."
      viewAll={withQuery('/interactions', { contactId })}
      details={InteractionDetailsDialog}
    >
      {(items, openDetails) => (
        <Stack gap="xs">
          {items.map((interaction) => (
            <RelatedItemButton key={interaction.id} onClick={() => openDetails(interaction)}>
              <Group justify="space-between" wrap="nowrap">
                <InteractionTypeLabel type={interaction.type} />
                <Text size="xs" c="dimmed">
                  {formatDate(interaction.date)}
                </Text>
              </Group>
              <Text size="sm" lineClamp={1} mt={4}>
                {interaction.notes}
              </Text>
            </RelatedItemButton>
          ))}
        </Stack>
      )}
    </RelatedCard>
  );
}
