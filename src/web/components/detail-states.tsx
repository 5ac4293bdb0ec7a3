import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" mb="md" display="inline-block">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        {children}
      </Group>
    </Anchor>
  );
}

/** 'Loading...' while a record loads (SPEC §2.8). */
export function LoadingText() {
  return (
    <Text c="dimmed" role="status">
      Loading...
    </Text>
  );
}

/** What a detail page shows when its record does not exist (or is not the company's). */
export function NotFoundText({ children }: { children: ReactNode }) {
  return (
    <Alert color="gray" title={children} role="status">
      It may have been deleted, or the link may be wrong.
    </Alert>
  );
}
