import { Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { type Ref, type RefObject, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '../../../../domain/reminders.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { leaveAsked } from '../../../components/open-dialogs.ts';
import { focusMain } from '../../../components/skip-link.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { focusIsLost } from '../../../lib/lost-focus.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useMarkRead, useNotifications } from '../api/notifications-api.ts';
import classes from './notifications-bell.module.css';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Entry({
  notification,
  onOpen,
  ref,
}: {
  notification: Notification;
  onOpen: () => void;
  ref?: Ref<HTMLButtonElement> | undefined;
}) {
  const unread = notification.readAt === null;
  return (
    <UnstyledButton
      ref={ref}
      className={classes.entry}
      onClick={onOpen}
      data-unread={unread || undefined}
    >
      <Text size="sm" fw={unread ? 700 : 400}>
        {notification.title}
        {unread && <span className={classes.hidden}> (unread)</span>}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
        {notification.body}
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        {when.format(new Date(notification.createdAt))}
      </Text>
    </UnstyledButton>
  );
}

/**
 * The notifications, newest first: opening one marks it read and goes to its page (a grant's,
 * or the dashboard for Monday's digest), and the focus with it (`onClose` is told it is
 * `leaving`); closed otherwise, the focus goes back to the bell (`returnFocus`).
 */
export default function NotificationsPanel({
  opened,
  unread,
  onClose,
  returnFocus,
}: {
  opened: boolean;
  unread: number;
  onClose: (how: { leaving: boolean }) => void;
  returnFocus: boolean;
}) {
  const list = useNotifications();
  // Reminders are made on the server while the page is open: each opening after the first asks
  // for them again (the bell's count is refreshed on its own, every minute).
  const { refetch, isFetched } = list;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (opened && !wasOpen.current && isFetched) void refetch();
    wasOpen.current = opened;
  }, [opened, isFetched, refetch]);
  const markRead = useMarkRead();
  const firstEntry = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const failed = (error: Error) => notifyError('Could not mark as read', errorMessage(error));
  const markAll = () => markRead.mutate(undefined, { onError: failed });
  const markAllButton = useFocusKeptWhenMarkAllGoes(unread > 0, firstEntry);
  const open = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate(notification.id, { onError: failed });
    // A form of the page with changes not saved asks first, as a link does, over the list: its
    // Cancel gives the focus back to the notification.
    leaveAsked(() => {
      onClose({ leaving: true });
      void navigate(notification.link);
      focusMain();
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={() => onClose({ leaving: false })}
      title="Notifications"
      size="md"
      returnFocus={returnFocus}
    >
      {list.isPending ? (
        <Text c="dimmed">Loading notifications...</Text>
      ) : list.isError ? (
        <Text c="red" role="alert">
          {errorMessage(list.error)}
        </Text>
      ) : list.data.length === 0 ? (
        <Text c="dimmed">No notifications yet. Reminders of deadlines will appear here.</Text>
      ) : (
        <Stack gap={4}>
          {list.data.map((notification, at) => (
            <Entry
              key={notification.id}
              ref={at === 0 ? firstEntry : undefined}
              notification={notification}
              onOpen={() => open(notification)}
            />
          ))}
        </Stack>
      )}
      {unread > 0 && (
        <Group justify="flex-end" mt="md">
          {/* Inert, not disabled, while a change is saved: it keeps the focus it had when
              pressed. */}
          <BusyButton
            ref={markAllButton}
            variant="default"
            busy={markRead.isPending}
            onClick={markAll}
          >
            Mark all as read
          </BusyButton>
        </Group>
      )}
    </Modal>
  );
}

/**
 * Once all are read, Mark all as read goes: the focus it had (pressed with the keyboard) goes to
 * the first notification, or else the dialog's Close, instead of falling back to the page behind
 * the dialog. Answers the ref for the button.
 */
function useFocusKeptWhenMarkAllGoes(shown: boolean, firstEntry: RefObject<HTMLElement | null>) {
  const button = useRef<HTMLButtonElement>(null);
  // The dialog the button is in, read while it is there: its first button is its Close.
  const dialog = useRef<Element | null>(null);
  const wasShown = useRef(shown);
  useEffect(() => {
    const went = wasShown.current && !shown;
    wasShown.current = shown;
    if (button.current) dialog.current = button.current.closest('[role="dialog"]');
    if (!went || !focusIsLost()) return;
    const close = dialog.current?.querySelector<HTMLElement>('button') ?? null;
    (firstEntry.current ?? close)?.focus();
  });
  return button;
}
