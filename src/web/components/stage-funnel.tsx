import { Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatMoney } from '../lib/format.ts';
import classes from './stage-funnel.module.css';
import { STAGE_SHADE } from './stage-shade.ts';

export interface FunnelStage {
  key: string;
  label: string;
  /** A Mantine colour name: 'gray', 'blue'… */
  color: string;
  count: number;
  total: number;
  /** A further figure after the total, such as a probability. */
  extra?: string;
}

/** Items counted, singular and plural: ['grant', 'grants']. */
type Noun = [string, string];

const countOf = (stage: FunnelStage, noun: Noun) =>
  `${stage.count.toLocaleString('en-US')} ${stage.count === 1 ? noun[0] : noun[1]}`;

/**
 * A pipeline: a funnel drawing beside the list of its stages, each with its count and total.
 * With `onSelect`, each stage in the list is a button that opens something.
 */
export function StageFunnel({
  stages,
  noun,
  onSelect,
}: {
  stages: FunnelStage[];
  noun: Noun;
  onSelect?: (key: string) => void;
}) {
  const rowStyle = (stage: FunnelStage) => ({
    borderRadius: 'var(--mantine-radius-md)',
    borderLeft: `6px solid var(--mantine-color-${stage.color}-${STAGE_SHADE})`,
    // gray-0 in the light scheme, a dark grey in the dark one: the text stays readable in both.
    background: 'var(--mantine-color-default-hover)',
  });
  const figures = (stage: FunnelStage) => (
    // On a narrow screen the figures go under the stage's name rather than out of the box, and
    // each figure stays whole: a total wraps onto a line of its own rather than break.
    <Group justify="space-between" gap="xs">
      <Text fw={600}>{stage.label}</Text>
      <Group justify="flex-end" className={classes.figures}>
        <Text size="sm">{countOf(stage, noun)}</Text>
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
      <FunnelDrawing stages={stages} noun={noun} />
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

// The drawing's own units. It is 400 px high (SPEC §9) where its column is wide enough, and
// scales down with the column on a narrow screen.
const WIDTH = 480;
const HEIGHT = 400;
const LABELS_WIDTH = 130;
const COUNTS_WIDTH = 56;
const TRACK_X = LABELS_WIDTH + 10;
const TRACK_WIDTH = WIDTH - TRACK_X - COUNTS_WIDTH - 8;
const GAP = 10;
/** The narrowest bar a stage with items gets, so one item among thousands still shows. */
const MIN_BAR = 8;

/**
 * The funnel: one band per stage, centred, as wide as its count is against the largest. Every
 * stage has the same band height and an empty track behind it, so a stage with no items reads
 * as an empty band with its 0, never as a sliver or a point. Labels and counts sit in columns of
 * their own, in the text colour, so they read in the light and the dark scheme alike.
 */
function FunnelDrawing({ stages, noun }: { stages: FunnelStage[]; noun: Noun }) {
  const largest = Math.max(1, ...stages.map((stage) => stage.count));
  const row = HEIGHT / Math.max(1, stages.length);
  const band = row - GAP;
  const summary = stages.map((stage) => `${stage.label}: ${countOf(stage, noun)}`).join(', ');

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      style={{ display: 'block', maxHeight: HEIGHT }}
      role="img"
      aria-label={`Funnel of ${stages.length} stages. ${summary}`}
      fontSize={16}
    >
      {stages.map((stage, index) => {
        const y = index * row + GAP / 2;
        const middle = y + band / 2;
        const width =
          stage.count > 0 ? Math.max(MIN_BAR, (TRACK_WIDTH * stage.count) / largest) : 0;
        return (
          <g key={stage.key} data-funnel-stage={stage.key}>
            <text x={0} y={middle} dominantBaseline="central" fill="var(--mantine-color-text)">
              {stage.label}
            </text>
            <rect
              data-part="track"
              x={TRACK_X}
              y={y}
              width={TRACK_WIDTH}
              height={band}
              rx={6}
              fill="var(--mantine-color-default-hover)"
              stroke="var(--mantine-color-default-border)"
            />
            {width > 0 && (
              <rect
                data-part="bar"
                className={classes.bar}
                x={TRACK_X + (TRACK_WIDTH - width) / 2}
                y={y}
                width={width}
                height={band}
                rx={6}
                fill={`var(--mantine-color-${stage.color}-${STAGE_SHADE})`}
              />
            )}
            <text
              x={WIDTH}
              y={middle}
              textAnchor="end"
              dominantBaseline="central"
              fontWeight={600}
              fill="var(--mantine-color-text)"
            >
              {stage.count.toLocaleString('en-US')}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
