import { Chip, Group } from '@mantine/core';
import {
  type GrantStatus,
  grantStatuses,
  grantStatusLabels,
} from '../../../../domain/grant-constants.ts';

const ALL = 'all';

/** One chip per status, and All: a group of radio buttons, so the arrow keys move between them. */
export function GrantStatusFilter({
  value,
  onChange,
}: {
  value: GrantStatus | undefined;
  onChange: (status: GrantStatus | undefined) => void;
}) {
  return (
    <Chip.Group
      value={value ?? ALL}
      onChange={(chosen) => onChange(chosen === ALL ? undefined : (chosen as GrantStatus))}
    >
      <Group gap={6} role="radiogroup" aria-label="Filter by status">
        <Chip value={ALL} name="grant-status" size="sm">
          All
        </Chip>
        {grantStatuses.map((status) => (
          <Chip key={status} value={status} name="grant-status" size="sm">
            {grantStatusLabels[status]}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
