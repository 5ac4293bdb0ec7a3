import { Card, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { lazy, useState } from 'react';
import type { Grant } from '../../../../domain/grants.ts';
import { LoadWhenOpened } from '../../../components/load-when-opened.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useGrants } from '../api/grants-api.ts';
import { GrantStatusBadge } from './grant-status-badge.tsx';

const SHOWN = 50;

const GrantDetailsDialog = lazy(() =>
  import('./grant-details-dialog.tsx').then((m) => ({ default: m.GrantDetailsDialog })),
);

/**
 * 'Organization Grants': the grants whose funder is exactly this organization (SPEC §1, §2.8);
 * each opens a 'Grant Details' dialog.
 */
export function OrganizationGrantsCard({ organization }: { organization: string | null }) {
  const grants = useGrants({ funder: organization ?? '', limit: SHOWN }, organization !== null);
  const [open, setOpen] = useState<Grant | null>(null);
  const items = grants.data?.items ?? [];

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Organization Grants
      </Title>
      {organization === null ? (
        <Text c="dimmed" size="sm">
          No organization recorded for this contact.
        </Text>
      ) : grants.isPending ? (
        <Loader size="sm" aria-label="Loading grants" />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          No grants from {organization}.
        </Text>
      ) : (
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
        </Stack>
      )}
      <LoadWhenOpened opened={open !== null}>
        <GrantDetailsDialog record={open} onClose={() => setOpen(null)} />
      </LoadWhenOpened>
    </Card>
  );
}
