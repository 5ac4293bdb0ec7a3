import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** One of the dashboard's totals, with its icon. */
export function CountCard({
  label,
  value,
  icon,
}: {
  label: string;
  value: number;
  icon: ReactNode;
}) {
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={32} fw={700} lh={1.2}>
            {value.toLocaleString('en-US')}
          </Text>
        </div>
        <ThemeIcon variant="light" size="lg" aria-hidden="true">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
