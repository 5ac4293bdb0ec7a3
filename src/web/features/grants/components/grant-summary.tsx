import { Anchor, Group, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { Grant } from '../../../../domain/grants.ts';
import { CalendarLinks } from '../../../components/calendar-links.tsx';
import { Detail, DetailsList, NotesDetail } from '../../../components/details-list.tsx';
import { formatDate, formatDay, formatMoney } from '../../../lib/format.ts';
import { FunderLink } from '../../funders/components/funder-link.tsx';
import { GrantStatusBadge } from './grant-status-badge.tsx';

/**
 * A grant's facts: funder, amount, status, due date with calendar links, the award once there is
 * one, document and notes.
 */
export function GrantSummary({ grant }: { grant: Grant }) {
  return (
    <DetailsList>
      <Group gap="xl">
        <Detail label="Funder">
          <FunderLink name={grant.funder} />
        </Detail>
        <Detail label="Amount">{formatMoney(grant.amount)}</Detail>
        <Detail label="Status">
          <GrantStatusBadge status={grant.status} />
        </Detail>
      </Group>
      <Detail label="Due Date">
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
      </Detail>
      {(grant.awardedAmount !== null ||
        grant.awardedDate ||
        grant.periodStart ||
        grant.periodEnd) && (
        <Group gap="xl">
          {grant.awardedAmount !== null && (
            <Detail label="Awarded Amount">{formatMoney(grant.awardedAmount)}</Detail>
          )}
          {grant.awardedDate && (
            <Detail label="Awarded Date">{formatDay(grant.awardedDate)}</Detail>
          )}
          {(grant.periodStart || grant.periodEnd) && (
            <Detail label="Grant Period">
              {`${grant.periodStart ? formatDay(grant.periodStart) : '…'} – ${grant.periodEnd ? formatDay(grant.periodEnd) : '…'}`}
            </Detail>
          )}
          {/* An award given is kept whatever the status becomes; only an awarded grant's counts. */}
          {grant.status !== 'awarded' && (
            <Text size="sm" c="dimmed">
              Not counted while the grant is not awarded
            </Text>
          )}
        </Group>
      )}
      {grant.documentUrl && (
        <Anchor href={grant.documentUrl} target="_blank" rel="noopener noreferrer">
          View Document <IconExternalLink size={14} aria-hidden="true" />
        </Anchor>
      )}
      <NotesDetail notes={grant.notes} />
    </DetailsList>
  );
}
