import { Group, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** SPEC §9: help tooltips on form fields open after 300 ms. */
const TOOLTIP_DELAY_MS = 300;

/**
 * A field label with a help icon whose tooltip explains the field. The icon is decoration: the
 * same text reaches assistive technology as the input's description (see `withHelp`).
 */
function LabelWithHelp({ label, help }: { label: string; help: string }) {
  return (
    <Group gap={4} component="span" wrap="nowrap" style={{ display: 'inline-flex' }}>
      {label}
      <Tooltip label={help} openDelay={TOOLTIP_DELAY_MS} withArrow multiline maw={260}>
        <IconInfoCircle
          size={14}
          aria-hidden="true"
          data-help={label}
          style={{ color: 'var(--mantine-color-dimmed)', cursor: 'help' }}
        />
      </Tooltip>
    </Group>
  );
}

/** Props for a Mantine input: the label with its help tooltip, and the help as its description. */
export const withHelp = (label: string, help: string) => ({
  label: <LabelWithHelp label={label} help={help} />,
  'aria-description': help,
});
