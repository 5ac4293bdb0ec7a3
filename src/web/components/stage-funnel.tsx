import { FunnelChart } from '@mantine/charts';
import { Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatMoney } from '../lib/format.ts';

/** SPEC §9: funnels are 400 px high and animate for 1500 ms after 400 ms. */
const FUNNEL_HEIGHT = 400;
const ANIMATION = { animationBegin: 400, animationDuration: 1500 };

export interface FunnelStage {
  key: string;
  label: string;
  color: string;
  count: number;
  total: number;
  /** Items counted, singular and plural: ['grant', 'grants']. */
  noun: [string, string];
  /** A further figure after the total, such as a probability. */
  extra?: string;
}

/**
 * A pipeline: a decorative funnel beside the list of its stages, each with its count and total.
 * With `onSelect`, each stage (in the list or the funnel) opens something.
 */
export function StageFunnel({
  stages,
  onSelect,
}: {
  stages: FunnelStage[];
  onSelect?: (key: string) => void;
}) {
  const rowStyle = (stage: FunnelStage) => ({
    borderRadius: 'var(--mantine-radius-md)',
    borderLeft: `6px solid var(--mantine-color-${stage.color}-6)`,
    background: 'var(--mantine-color-gray-0)',
  });
  const figures = (stage: FunnelStage) => (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={600}>{stage.label}</Text>
      <Group gap="lg" wrap="nowrap">
        <Text size="sm">
          {stage.count} {stage.count === 1 ? stage.noun[0] : stage.noun[1]}
        </Text>
        <Text size="sm" fw={500} miw={90} ta="right">
          {formatMoney(stage.total)}
        </Text>
        {stage.extra && (
          <Text size="sm" c="dimmed" miw={40} ta="right">
            {stage.extra}
          </Text>
        )}
      </Group>
    </Group>
  );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <FunnelChart
        h={FUNNEL_HEIGHT}
        size={FUNNEL_HEIGHT - 40}
        data={stages.map((stage) => ({
          name: stage.label,
          // An empty stage still shows as a sliver, so the funnel keeps all its steps.
          value: Math.max(stage.count, 0.05),
          color: `${stage.color}.6`,
        }))}
        withTooltip={false}
        // Decorative: the list beside it carries the same figures for every user.
        funnelChartProps={{ accessibilityLayer: false }}
        funnelProps={{
          ...ANIMATION,
          ...(onSelect && {
            onClick: (_data: unknown, index: number) => {
              const stage = stages[index];
              if (stage) onSelect(stage.key);
            },
            style: { cursor: 'pointer' },
          }),
        }}
        aria-hidden="true"
      />
      <Stack gap="xs" justify="center" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {stages.map((stage) => (
          <li key={stage.key} data-stage={stage.key}>
            {onSelect ? (
              <UnstyledButton
                onClick={() => onSelect(stage.key)}
                p="sm"
                w="100%"
                style={rowStyle(stage)}
              >
                {figures(stage)}
              </UnstyledButton>
            ) : (
              <div style={{ ...rowStyle(stage), padding: 'var(--mantine-spacing-sm)' }}>
                {figures(stage)}
              </div>
            )}
          </li>
        ))}
      </Stack>
    </SimpleGrid>
  );
}
