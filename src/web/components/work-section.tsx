import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { errorMessage } from '../lib/api-client.ts';

/**
 * A titled section of a page, a landmark named by its heading, with the section's own action
 * (a button) beside the heading.
 */
export function SectionCard({
  title,
  action,
  children,
}: {
  title: string;
  action: ReactNode;
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

/**
 * A titled section of a record's page holding the record's own work (a grant's tasks, its
 * requirements): a button that adds one, a line while `query` loads, its error when it failed,
 * then `children`.
 */
export function WorkSection({
  title,
  addLabel,
  onAdd,
  query,
  loading,
  children,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  query: UseQueryResult<unknown>;
  /** What shows while the list loads: 'Loading tasks...'. */
  loading: string;
  children: ReactNode;
}) {
  return (
    <SectionCard
      title={title}
      action={
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={onAdd}
        >
          {addLabel}
        </Button>
      }
    >
      {query.isPending && <Text c="dimmed">{loading}</Text>}
      {query.isError && (
        <Text c="red" role="alert">
          {errorMessage(query.error)}
        </Text>
      )}
      {children}
    </SectionCard>
  );
}
