import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { lazy, useState } from 'react';
import type { Grant } from '../../../../domain/grants.ts';
import { LoadWhenOpened } from '../../../components/load-when-opened.tsx';
import { RELATED_SHOWN, RelatedCard } from '../../../components/related-card.tsx';
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
  const [open, setOpen] = useState<Grant | null>(null);

  return (
    <RelatedCard
      title="Organization Grants"
      query={grants}
      noun="grants"
      empty={`No grants from ${organization}.`}
      note={organization === null ? 'No organization recorded for this contact.' : undefined}
      viewAll={withQuery('/grants', { funder })}
    >
      {(items) => (
        <Stack gap="xs">
          {items.map((grant) => (
            <UnstyledButton
              key={grant.id}
              onClick={() => setOpen(grant)}
              p="xs"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text fw={500}>{grant.name}</Text>
                <GrantStatusBadge status={grant.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {formatMoney(grant.amount)} · due {formatDate(grant.dueDate)}
              </Text>
            </UnstyledButton>
          ))}
          <LoadWhenOpened opened={open !== null}>
            <GrantDetailsDialog record={open} onClose={() => setOpen(null)} />
          </LoadWhenOpened>
        </Stack>
      )}
    </RelatedCard>
  );
}
