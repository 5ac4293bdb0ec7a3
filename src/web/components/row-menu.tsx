import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useMenuFocus } from './menu-focus.ts';
import type { RowActionsProps } from './row-actions.tsx';

/** The open menu of a table row: Edit and Delete. RowActions loads it on first use. */
export function RowMenu({ label, onEdit, onDelete }: RowActionsProps) {
  const { button, setOpened, menu, target, dropdown } = useMenuFocus();
  // This menu takes the place of the button that was pressed, so it opens as soon as it is
  // shown. It opens from its own button, focused first, rather than already open: the menu gives
  // the focus back, when Escape closes it, to what had it as it opened, and the pressed button is
  // gone by then. Mounted open, the first Escape left the focus nowhere, at the top of the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, as it is shown
  useEffect(() => {
    button.current?.focus();
    setOpened(true);
  }, []);
  // The dialog an item opens gives the focus back, when it closes, to what had it when it opened:
  // the menu's button rather than the item, which is gone by then. The items hand it to the
  // button themselves: Mantine's own return, a moment after the menu closes, would take it from
  // a dialog already loaded once it had put it in its first field (Escape still hands it back).
  const fromButton = (action: () => void) => () => {
    button.current?.focus();
    action();
  };
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false} {...menu}>
      <Menu.Target>
        <ActionIcon {...target} variant="subtle" color="gray" aria-label={`Actions for ${label}`}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown {...dropdown}>
        {/* Opened, the menu's first item has the focus, as a menu button's should: the arrow
            keys go on from it, and Enter edits. */}
        <Menu.Item
          data-autofocus
          leftSection={<IconPencil size={16} aria-hidden="true" />}
          onClick={fromButton(onEdit)}
        >
          Edit
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          onClick={fromButton(onDelete)}
        >
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
