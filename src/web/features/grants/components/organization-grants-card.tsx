import { Group, Stack, Text } from '@mantine/core';
import { lazy } from 'react';
import {
  RELATED_SHOWN,
  RelatedCard,
  RelatedItemButton,
} from '../../../components/related-card.tsx';
import { withQuery } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useGrants } from '../api/grants-api.ts';
import { GrantStatusBadge } from './grant-status-badge.tsx';

const GrantDetailsDialog = lazy(() =>
  import('./grant-details-dialog.tsx').then((m) => ({ default: m.GrantDetailsDialog })),
);

/**
 * 'Organization Grants': the grants whose funder is exactly this organization (SPEC §1, §2.8),
 * the first few and a link to the grants list filtered to that funder; each opens a 'Grant
 * Details' dialog.
 */
export function OrganizationGrantsCard({ organization }: { organization: string | null }) {
  const funder = organization ?? '';
  const grants = useGrants({ funder, limit: RELATED_SHOWN }, organization !== null);

  return (
    <RelatedCard
      title="Organization Grants"
      query={grants}
      noun="grants"
      empty={`No grants from ${organization}.`}
      note={organization === null ? 'No organization recorded for this contact.' : undefined}
      viewAll={withQuery('/grants', { funder })}
      details={GrantDetailsDialog}
    >
      {(items, openDetails) => (
        <Stack gap="xs">
          {items.map((grant) => (
            <RelatedItemButton key={grant.id} onClick={() => openDetails(grant)}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={500}>{grant.name}</Text>
                <GrantStatusBadge status={grant.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {formatMoney(grant.amount)} · due {formatDate(grant.dueDate)}
              </Text>
            </RelatedItemButton>
          ))}
        </Stack>
      )}
    </RelatedCard>
  );
}
