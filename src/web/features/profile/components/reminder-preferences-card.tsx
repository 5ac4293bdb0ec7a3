import { Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReminderPreferencesPatch } from '../../../../domain/reminders.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { changeWithNotice } from '../../../lib/notify.ts';
import {
  useReminderPreferences,
  useUpdateReminderPreferences,
} from '../../notifications/api/notifications-api.ts';

/** What comes to the user: deadline reminders and Monday's digest, each on or off. */
export function ReminderPreferencesCard() {
  const preferences = useReminderPreferences();
  const update = useUpdateReminderPreferences();
  const change = (patch: ReminderPreferencesPatch) =>
    changeWithNotice(
      () => update.mutateAsync(patch),
      'Reminder settings saved',
      'Could not save the reminder settings',
    );

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="reminder-preferences">
      <Title order={2} size="h4" mb="md" id="reminder-preferences">
        Reminders
      </Title>
      {preferences.isPending ? (
        <Text c="dimmed">Loading your reminder settings...</Text>
      ) : preferences.isError ? (
        <Text c="red" role="alert">
          {errorMessage(preferences.error)}
        </Text>
      ) : (
        <Stack gap="md">
          <Checkbox
            label="Deadline reminders"
            description="Before a grant, task or requirement assigned to you is due, and on the day it becomes overdue (as an admin, also those assigned to no one). By email and under the bell."
            checked={preferences.data.reminders}
            disabled={update.isPending}
            onChange={(event) => void change({ reminders: event.currentTarget.checked })}
          />
          <Checkbox
            label="Monday digest"
            description="Every Monday morning: what is due in the next 14 days and what is overdue."
            checked={preferences.data.digest}
            disabled={update.isPending}
            onChange={(event) => void change({ digest: event.currentTarget.checked })}
          />
        </Stack>
      )}
    </Paper>
  );
}
