import { Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Under a list cut short: 'Showing 10 of 57' and a link to all of them. Nothing when the list
 * shows everything there is.
 */
export function ShowingSome({
  shown,
  total,
  to,
  children,
}: {
  shown: number;
  total: number;
  /** Where all of them are. */
  to: string;
  /** The link's text: 'View all 57'. */
  children: ReactNode;
}) {
  if (total <= shown) return null;
  return (
    <Group justify="space-between" gap="xs" mt="md">
      <Text size="sm" c="dimmed">
        {`Showing ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`}
      </Text>
      <Anchor component={Link} to={to} size="sm" fw={500}>
        {children}
      </Anchor>
    </Group>
  );
}
