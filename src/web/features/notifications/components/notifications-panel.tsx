import { Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '../../../../domain/reminders.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useMarkRead, useNotifications } from '../api/notifications-api.ts';
import classes from './notifications-bell.module.css';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Entry({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const unread = notification.readAt === null;
  return (
    <UnstyledButton className={classes.entry} onClick={onOpen} data-unread={unread || undefined}>
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
 * or the dashboard for Monday's digest).
 */
export default function NotificationsPanel({
  opened,
  unread,
  onClose,
}: {
  opened: boolean;
  unread: number;
  onClose: () => void;
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
  const navigate = useNavigate();
  const failed = (error: Error) => notifyError('Could not mark as read', errorMessage(error));
  const open = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate(notification.id, { onError: failed });
    onClose();
    void navigate(notification.link);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Notifications" size="md">
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
          {list.data.map((notification) => (
            <Entry
              key={notification.id}
              notification={notification}
              onOpen={() => open(notification)}
            />
          ))}
        </Stack>
      )}
      {unread > 0 && (
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            loading={markRead.isPending}
            onClick={() => markRead.mutate(undefined, { onError: failed })}
          >
            Mark all as read
          </Button>
        </Group>
      )}
    </Modal>
  );
}
