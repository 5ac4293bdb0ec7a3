import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Grant } from '../../../../domain/grants.ts';
import { CalendarLinks } from '../../../components/calendar-links.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { GrantStatusBadge } from './grant-status-badge.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

/** A grant's facts: funder, amount, due date with calendar links, status, document and notes. */
export function GrantSummary({ grant }: { grant: Grant }) {
  return (
    <Stack gap="sm">
      <Group gap="xl">
        <Field label="Funder">{grant.funder}</Field>
        <Field label="Amount">{formatMoney(grant.amount)}</Field>
        <Field label="Status">
          <GrantStatusBadge status={grant.status} />
        </Field>
      </Group>
      <Field label="Due Date">
        {formatDate(grant.dueDate)}
        <CalendarLinks
          uid={`grant-${grant.id}@grantwell`}
          event={{
            title: `${grant.name} due`,
            details: `Funder: ${grant.funder}`,
            start: new Date(grant.dueDate),
            allDay: true,
          }}
        />
      </Field>
      {grant.documentUrl && (
        <Anchor href={grant.documentUrl} target="_blank" rel="noopener noreferrer">
          View Document <IconExternalLink size={14} aria-hidden="true" />
        </Anchor>
      )}
      {grant.notes && (
        <Field label="Notes">
          <span style={{ whiteSpace: 'pre-wrap' }}>{grant.notes}</span>
        </Field>
      )}
    </Stack>
  );
}
