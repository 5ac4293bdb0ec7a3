import { Button, Card, Group, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { ApiError, errorMessage } from '../lib/api-client.ts';

/**
 * A titled section of a page, a landmark named by its heading, with the section's own action
 * (a button), when it has one, beside the heading.
 */
export function SectionCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/** A section's own action: a small button with its icon, beside the section's heading. */
export function SectionAction({
  icon: ActionIcon,
  variant,
  onClick,
  disabled,
  name,
  children,
}: {
  icon: Icon;
  variant: 'light' | 'default';
  onClick: () => void;
  disabled?: boolean;
  /** Its name for a screen reader, beginning with what it shows, when that is not enough alone. */
  name?: string;
  children: ReactNode;
}) {
  return (
    <Button
      size="xs"
      variant={variant}
      leftSection={<ActionIcon size={14} aria-hidden="true" />}
      onClick={onClick}
      disabled={disabled}
      aria-label={name}
    >
      {children}
    </Button>
  );
}

/** While `query` loads, a grey line saying so (`loading`); when it failed, its error. */
export function QueryStateLine({
  query,
  loading,
}: {
  query: UseQueryResult<unknown>;
  loading: string;
}) {
  if (query.isPending) return <Text c="dimmed">{loading}</Text>;
  if (query.isError) {
    return (
      <Text c="red" role="alert">
        {errorMessage(query.error)}
      </Text>
    );
  }
  return null;
}

/** A refusal that says what was read is no more to be shown: gone (404), or not allowed (403). */
const isWithdrawn = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403);

/**
 * What `query` answered, given to `children`; until then the line of its state. Read again and
 * failed (after a save, the connection lost), what it had read stays, the failure said under it;
 * unless the answer was that it is gone or not allowed, which is said instead.
 */
export function QueryContent<Data>({
  query,
  loading,
  children,
}: {
  query: UseQueryResult<Data>;
  loading: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.data === undefined || isWithdrawn(query.error)) {
    return <QueryStateLine query={query} loading={loading} />;
  }
  return (
    <>
      {children(query.data)}
      {query.isError && (
        <Text size="sm" c="red" role="alert" mt="xs">
          {`Could not refresh: ${errorMessage(query.error)}`}
        </Text>
      )}
    </>
  );
}
