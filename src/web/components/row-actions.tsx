import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';

/**
 * The actions menu of a table row. Clicks inside it never reach the row, so opening the menu
 * does not also follow the row's link.
 */
export function RowActions({
  label,
  onEdit,
  onDelete,
}: {
  /** Names the row for screen readers: "Actions for Ada Lovelace". */
  label: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps events from reaching the row.
    <div
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${label}`}>
            <IconDots size={18} aria-hidden="true" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={onEdit}>
            Edit
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={onDelete}
          >
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
