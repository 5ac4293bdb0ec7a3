import { Badge } from '@mantine/core';
import { type GrantStatus, grantStatusLabels } from '../../../../domain/grant-constants.ts';

/** SPEC §2.11: the pipeline colour of each stage (grey, blue, amber, green, red). */
export const grantStatusColors: Record<GrantStatus, string> = {
  draft: 'gray',
  'in-progress': 'blue',
  submitted: 'yellow',
  awarded: 'green',
  rejected: 'red',
};

/**
 * SPEC §2.11's badge variants: default (solid) for draft; secondary (soft) for in-progress and
 * awarded; outline for submitted; destructive (solid red) for rejected.
 */
const variants: Record<GrantStatus, { variant: string; color: string }> = {
  draft: { variant: 'filled', color: 'dark' },
  'in-progress': { variant: 'light', color: 'gray' },
  submitted: { variant: 'outline', color: 'dark' },
  awarded: { variant: 'light', color: 'gray' },
  rejected: { variant: 'filled', color: 'red.8' },
};

export function GrantStatusBadge({ status }: { status: GrantStatus }) {
  return (
    <Badge {...variants[status]} data-variant-name={status} radius="sm">
      {grantStatusLabels[status]}
    </Badge>
  );
}
