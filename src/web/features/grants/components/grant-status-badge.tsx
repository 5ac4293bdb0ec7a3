import { Badge } from '@mantine/core';
import { type GrantStatus, grantStatusLabels } from '../../../../domain/grant-constants.ts';
import { STAGE_SHADE } from '../../../components/stage-shade.ts';

/** SPEC §2.11: the pipeline colour of each stage (grey, blue, amber, green, red). */
export const grantStatusColors: Record<GrantStatus, string> = {
  draft: 'gray',
  'in-progress': 'blue',
  submitted: 'yellow',
  awarded: 'green',
  rejected: 'red',
};

/** A status's pipeline colour as Mantine names it: `yellow.6`. */
const grantStatusColor = (status: GrantStatus) => `${grantStatusColors[status]}.${STAGE_SHADE}`;

/**
 * SPEC §2.11's badge variants: default (solid) for draft; secondary (soft) for in-progress and
 * awarded; outline for submitted; destructive (solid) for rejected.
 */
const variants: Record<GrantStatus, 'filled' | 'light' | 'outline'> = {
  draft: 'filled',
  'in-progress': 'light',
  submitted: 'outline',
  awarded: 'light',
  rejected: 'filled',
};

/**
 * A grant's status in its pipeline colour: solid badges are filled with it, soft ones tinted with
 * it and the outlined one drawn in it. The text is black on the fills (white on grey or red at
 * this shade is too faint to read) and the page's own colour on the others (amber or green text
 * on white would be too).
 */
export function GrantStatusBadge({ status }: { status: GrantStatus }) {
  const variant = variants[status];
  return (
    <Badge
      variant={variant}
      color={grantStatusColor(status)}
      c={variant === 'filled' ? 'var(--mantine-color-black)' : 'var(--mantine-color-text)'}
      data-variant-name={status}
      radius="sm"
    >
      {grantStatusLabels[status]}
    </Badge>
  );
}
