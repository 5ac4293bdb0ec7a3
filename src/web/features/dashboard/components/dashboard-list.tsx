import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';

interface ListItem {
  id: number;
  name: string;
  /** The record's page, when the name leads to one. */
  href?: string;
  detail: ReactNode;
  /** Lines the detail is cut to; all of it when not set. */
  detailLines?: number;
  when: string;
  /** Under the detail: links of the item's own. */
  extra?: ReactNode;
}

/**
 * A titled section of records, each with a line under it and its date on the right; `footer`
 * under the list.
 */
export function DashboardList({
  title,
  empty,
  items,
  alignTop = false,
  footer,
}: {
  title: string;
  empty: string;
  items: ListItem[];
  alignTop?: boolean;
  footer?: ReactNode;
}) {
  const id = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="md" id={id}>
        {title}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <li key={item.id}>
              {/* The time stays on the right, however long the name: it wrapped under a long
                  one only, so that a phone showed the list's times in two places. */}
              <Group
                justify="space-between"
                align={alignTop ? 'flex-start' : undefined}
                wrap="nowrap"
              >
                <div style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
                  {item.href ? (
                    <Anchor component={Link} to={item.href} fw={500}>
                      {item.name}
                    </Anchor>
                  ) : (
                    <Text fw={500}>{item.name}</Text>
                  )}
                  <Text size="sm" c="dimmed" lineClamp={item.detailLines} component="div">
                    {item.detail}
                  </Text>
                  {item.extra}
                </div>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {item.when}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {footer}
    </Card>
  );
}
