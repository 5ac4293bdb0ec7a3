import { useQuery } from '@tanstack/react-query';
import type {
  Notification,
  ReminderPreferences,
  ReminderPreferencesPatch,
  ReminderSettings,
  ReminderSettingsPatch,
} from '../../../../domain/reminders.ts';
import { api } from '../../../lib/api-client.ts';
import { getQuery } from '../../../lib/get-query.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import { notificationKeys } from './notification-keys.ts';

export { notificationKeys };

// The notifications menu (reminders of deadlines and Monday's digest, made on the server), the
// user's choice of what comes to them, and the organization's reminder settings.

export const notificationsQueryOptions = () =>
  getQuery<Notification[]>(notificationKeys.list(), '/api/notifications');

export const useNotifications = () => useQuery(notificationsQueryOptions());

/** One read (`id`), or all of them. */
export const useMarkRead = () =>
  useInvalidatingMutation(
    (id?: number) =>
      api.post<null>(
        id === undefined ? '/api/notifications/read' : `/api/notifications/${id}/read`,
        {},
      ),
    () => [notificationKeys.all],
  );

export const reminderPreferencesQueryOptions = () =>
  getQuery<ReminderPreferences>(notificationKeys.preferences(), '/api/user/reminders');

export const useReminderPreferences = () => useQuery(reminderPreferencesQueryOptions());

export const useUpdateReminderPreferences = () =>
  useInvalidatingMutation(
    (patch: ReminderPreferencesPatch) =>
      api.patch<ReminderPreferences>('/api/user/reminders', patch),
    () => [notificationKeys.preferences()],
  );

export const reminderSettingsQueryOptions = () =>
  getQuery<ReminderSettings>(notificationKeys.settings(), '/api/organization/reminders');

export const useReminderSettings = () => useQuery(reminderSettingsQueryOptions());

export const useUpdateReminderSettings = () =>
  useInvalidatingMutation(
    (patch: ReminderSettingsPatch) =>
      api.patch<ReminderSettings>('/api/organization/reminders', patch),
    () => [notificationKeys.settings()],
  );
