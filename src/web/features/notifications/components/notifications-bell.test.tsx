import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../../domain/reminders.ts';
import { useUnsavedChanges } from '../../../components/discard-question.ts';
import { renderPage } from '../../../test/render.tsx';
import { NotificationsBell } from './notifications-bell.tsx';

const reminder = (id: number, title: string): Notification => ({
  id,
  title,
  body: 'Due soon',
  link: '/dashboard',
  createdAt: '2030-01-01T09:00:00.000Z',
  readAt: null,
});

describe('the notifications bell', () => {
  it('shows, each time it is opened, the reminders made since it was last opened', async () => {
    let made = [reminder(1, 'Budget is due tomorrow')];
    const { sent } = renderPage(<NotificationsBell />, {
      answer: (request) =>
        request.url === '/api/notifications'
          ? { body: made }
          : request.url === '/api/notifications/unread'
            ? { body: { unread: made.length } }
            : undefined,
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('Budget is due tomorrow')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    made = [reminder(2, 'Report is due today'), ...made];
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    const again = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(again).findByText('Report is due today')).toBeTruthy();
    const lists = sent.filter((request) => request.url === '/api/notifications');
    expect(lists).toHaveLength(2);
  });

  it('Mark all as read, pressed with the keyboard, leaves the focus on the first notification', async () => {
    let made = [reminder(2, 'Report is due today'), reminder(1, 'Budget is due tomorrow')];
    renderPage(<NotificationsBell />, {
      answer: (request) => {
        if (request.url === '/api/notifications/read') {
          made = made.map((n) => ({ ...n, readAt: '2030-01-01T10:00:00.000Z' }));
          return { body: null };
        }
        return request.url === '/api/notifications'
          ? { body: made }
          : request.url === '/api/notifications/unread'
            ? { body: { unread: made.filter((n) => n.readAt === null).length } }
            : undefined;
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const markAll = await within(panel).findByRole('button', { name: 'Mark all as read' });
    markAll.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull(),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(panel).getByRole('button', { name: /^Report is due today/ }),
      ),
    );
  });

  it('opened over a form with changes not saved, asks first, over the list: Cancel leaves the focus on the notification', async () => {
    function UnsavedForm() {
      useUnsavedChanges(true, () => {});
      return <input aria-label="Industry" />;
    }
    const made = [reminder(1, 'Budget is due tomorrow')];
    renderPage(
      <>
        <UnsavedForm />
        <NotificationsBell />
      </>,
      {
        answer: (request) =>
          request.url === '/api/notifications'
            ? { body: made }
            : request.url === '/api/notifications/unread'
              ? { body: { unread: 1 } }
              : request.url === '/api/notifications/1/read'
                ? { body: null }
                : undefined,
      },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const entry = await within(panel).findByRole('button', { name: /^Budget is due tomorrow/ });
    entry.focus();
    await user.keyboard('{Enter}');
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(entry));
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBe(panel);
  });
});
