import { Group, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** SPEC §9: help tooltips on form fields open after 300 ms. */
const TOOLTIP_DELAY_MS = 300;

/** Whether the focus last moved with the Tab key (not a click, nor a dialog opening). */
let tabbed = false;
document.addEventListener('keydown', (event) => {
  tabbed = event.key === 'Tab';
});
document.addEventListener('pointerdown', () => {
  tabbed = false;
});

/**
 * A field label with a help icon whose tooltip explains the field: shown while the pointer is
 * over the icon, and while the field has the focus Tab brought it, so that the keyboard's user
 * sees it too (a field clicked, or focused as its dialog opens, shows none). The icon is
 * decoration: the same text reaches assistive technology as the input's description
 * (see `withHelp`).
 */
function LabelWithHelp({ label, help }: { label: string; help: string }) {
  const icon = useRef<SVGSVGElement>(null);
  const [fieldFocused, setFieldFocused] = useState(false);
  useEffect(() => {
    const field = icon.current?.closest('label')?.control;
    if (!field) return;
    // After the same delay as under the pointer (the tooltip's own delay is for the pointer).
    let timer = -1;
    const show = () => {
      if (tabbed) timer = window.setTimeout(() => setFieldFocused(true), TOOLTIP_DELAY_MS);
    };
    const hide = () => {
      window.clearTimeout(timer);
      setFieldFocused(false);
    };
    field.addEventListener('focus', show);
    field.addEventListener('blur', hide);
    return () => {
      window.clearTimeout(timer);
      field.removeEventListener('focus', show);
      field.removeEventListener('blur', hide);
    };
  }, []);
  return (
    <Group gap={4} component="span" wrap="nowrap" style={{ display: 'inline-flex' }}>
      {label}
      <Tooltip
        label={help}
        opened={fieldFocused || undefined}
        openDelay={TOOLTIP_DELAY_MS}
        withArrow
        multiline
        maw={260}
      >
        <IconInfoCircle
          ref={icon}
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
