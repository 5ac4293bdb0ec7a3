import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconMail, IconNote, IconPhone, IconUsers } from '@tabler/icons-react';
import type { InteractionType } from '../../../../domain/interactions.ts';
import { capitalise } from '../../../lib/format.ts';

const icons = { meeting: IconUsers, call: IconPhone, email: IconMail, note: IconNote };
const colors = { meeting: 'violet', call: 'teal', email: 'blue', note: 'gray' };

/** What an interaction is called where it has no name of its own: "Call with Ada Lovelace". */
export const interactionTitle = (interaction: { type: InteractionType; contactName: string }) =>
  `${capitalise(interaction.type)} with ${interaction.contactName}`;

/** The type's icon and name: "☎ Call". */
export function InteractionTypeLabel({ type }: { type: InteractionType }) {
  const Icon = icons[type];
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size="sm" variant="light" color={colors[type]} aria-hidden="true">
        <Icon size={14} />
      </ThemeIcon>
      <Text size="sm">{capitalise(type)}</Text>
    </Group>
  );
}
