import { IconBell } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { LoadWhenOpened } from '../../../components/load-when-opened.tsx';
import { useOnPageChange } from '../../../lib/page-change.ts';
import { useUnreadCount } from '../api/notification-keys.ts';
import classes from './notifications-bell.module.css';

// The list, and the dialog around it, load the first time the bell is pressed (or pointed at).
const loadPanel = () => import('./notifications-panel.tsx');
const NotificationsPanel = lazy(loadPanel);

/** "Notifications, 3 unread": what the bell says to a screen reader. */
const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/**
 * The bell beside the brand: the number of notifications not yet read (reminders of deadlines,
 * Monday's digest), asked again every minute, and the notifications themselves when pressed.
 */
export function NotificationsBell() {
  const unread = useUnreadCount().data?.unread ?? 0;
  const [opened, setOpened] = useState(false);
  // A notification opened takes the focus to the page it opens, as a link of the app does: the
  // focus goes back to the bell only when the list is closed without one.
  const [returnFocus, setReturnFocus] = useState(true);
  // Opened over a page the browser's Back or Forward has left, the list goes with it.
  useOnPageChange(() => setOpened(false));
  return (
    <>
      <button
        type="button"
        className={classes.bell}
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        onClick={() => {
          setReturnFocus(true);
          setOpened(true);
        }}
      >
        <IconBell size={20} aria-hidden="true" />
        {unread > 0 && (
          <span className={classes.count} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <LoadWhenOpened opened={opened} returnFocus={returnFocus}>
        <NotificationsPanel
          opened={opened}
          unread={unread}
          returnFocus={returnFocus}
          onClose={({ leaving }) => {
            setReturnFocus(!leaving);
            setOpened(false);
          }}
        />
      </LoadWhenOpened>
    </>
  );
}
