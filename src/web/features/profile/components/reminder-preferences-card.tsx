import { Checkbox, Stack } from '@mantine/core';
import type { ReminderPreferences } from '../../../../domain/reminders.ts';
import { QueryContent, SectionCard } from '../../../components/section-card.tsx';
import { changeWithNotice } from '../../../lib/notify.ts';
import {
  useReminderPreferences,
  useUpdateReminderPreferences,
} from '../../notifications/api/notifications-api.ts';

const choices: { key: keyof ReminderPreferences; label: string; description: string }[] = [
  {
    key: 'reminders',
    label: 'Deadline reminders',
    description:
      'Before a grant, task or requirement assigned to you is due, and on the day it becomes overdue (as an admin, also those assigned to no one). By email and under the bell.',
  },
  {
    key: 'digest',
    label: 'Monday digest',
    description: 'Every Monday morning: what is due in the next 14 days and what is overdue.',
  },
];

/** What comes to the user: deadline reminders and Monday's digest, each on or off. */
export function ReminderPreferencesCard() {
  const preferences = useReminderPreferences();
  const update = useUpdateReminderPreferences();
  const change = (key: keyof ReminderPreferences, on: boolean) =>
    changeWithNotice(
      () => update.mutateAsync({ [key]: on }),
      'Reminder settings saved',
      'Could not save the reminder settings',
    );

  return (
    <SectionCard title="Reminders">
      <QueryContent query={preferences} loading="Loading your reminder settings...">
        {(chosen) => (
          <Stack gap="md">
            {choices.map(({ key, label, description }) => (
              <Checkbox
                key={key}
                label={label}
                description={description}
                checked={chosen[key]}
                // Not disabled while a change is saved: a disabled box loses the keyboard's focus
                // (Space, then the focus at the page's start). A change meanwhile waits its turn.
                aria-disabled={update.isPending}
                onChange={(event) => {
                  if (!update.isPending) void change(key, event.currentTarget.checked);
                }}
              />
            ))}
          </Stack>
        )}
      </QueryContent>
    </SectionCard>
  );
}
