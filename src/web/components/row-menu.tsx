import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import type { RowActionsProps } from './row-actions.tsx';

/** The open menu of a table row: Edit and Delete. RowActions loads it on first use. */
export function RowMenu({ label, onEdit, onDelete }: RowActionsProps) {
  const button = useRef<HTMLButtonElement>(null);
  // The dialog an item opens gives the focus back, when it closes, to what had it when it opened:
  // the menu's button rather than the item, which is gone by then.
  const fromButton = (action: () => void) => () => {
    button.current?.focus();
    action();
  };
  return (
    <Menu position="bottom-end" withinPortal defaultOpened withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon ref={button} variant="subtle" color="gray" aria-label={`Actions for ${label}`}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
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
