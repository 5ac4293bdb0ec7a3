import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page's heading (with a badge beside it, such as a record's stage), an optional line under
 * it, and its main actions on the right.
 */
export function PageHeader({
  title,
  badge,
  description,
  actions,
}: {
  title: string;
  badge?: ReactNode;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap">
      <div>
        <Group gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {badge}
        </Group>
        {description && <Text c="dimmed">{description}</Text>}
      </div>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
