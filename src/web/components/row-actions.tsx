import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { tableClasses } from './list-table.tsx';

export interface RowActionsProps {
  /** Names the row for screen readers: "Actions for Ada Lovelace". */
  label: string;
  onEdit: () => void;
  onDelete: () => void;
}

// The menu, and the positioning library under it, load the first time a row's button is
// pressed (or pointed at), not with the list.
const loadMenu = () => import('./row-menu.tsx').then((m) => ({ default: m.RowMenu }));
const RowMenu = lazy(loadMenu);

/**
 * The actions menu of a table row. Clicks inside it never reach the row, so opening the menu
 * does not also follow the row's link.
 */
function RowActions(props: RowActionsProps) {
  const [used, setUsed] = useState(false);
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Actions for ${props.label}`}
      aria-haspopup="menu"
      onPointerEnter={loadMenu}
      onFocus={loadMenu}
      onClick={() => setUsed(true)}
    >
      <IconDots size={18} aria-hidden="true" />
    </ActionIcon>
  );
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps events from reaching the row.
    <div
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        // Tab is let through. The open menu keeps Tab inside itself, as the member menus on the
        // Organization page do, listening on the document; its items, in a portal, still pass
        // their keys up through this cell, so a Tab stopped here never reached the menu and the
        // focus left it open behind. No row does anything with Tab. Escape leaves the menu, back
        // to its button. Tab closing the menu, as WAI-ARIA's menu button suggests, is the other
        // way; it would be for every menu of the app at once, so they all answer Tab alike.
        if (event.key !== 'Tab') event.stopPropagation();
      }}
    >
      {used ? (
        <Suspense fallback={button}>
          <RowMenu {...props} />
        </Suspense>
      ) : (
        button
      )}
    </div>
  );
}

/** A list row's last cell: its actions menu (in the top corner of a row shown as a card). */
export function RowActionsCell(props: RowActionsProps) {
  return (
    <td className={tableClasses.actions}>
      <RowActions {...props} />
    </td>
  );
}

/** The header of the actions column: named for screen readers only. */
export function ActionsHeader() {
  return (
    <th>
      <VisuallyHidden>Actions</VisuallyHidden>
    </th>
  );
}
