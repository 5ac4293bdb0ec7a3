import { Alert, Card, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import {
  type ReminderSettingsFormValues,
  reminderSettingsPayload,
} from '../../../../domain/form-payloads.ts';
import type { ReminderSettings } from '../../../../domain/reminders.ts';
import { currentTimeZoneName, knownTimeZones } from '../../../../domain/time-zone-names.ts';
import { useUnsavedChanges } from '../../../components/discard-question.ts';
import { ChangedMeanwhile } from '../../../components/edit-conflict.tsx';
import { SaveButton } from '../../../components/save-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { followSaved, replacedMeanwhile } from '../../../lib/follow-saved.ts';
import { nothingMatches } from '../../../lib/nothing-matches.ts';
import { changeWithNotice, notifyError } from '../../../lib/notify.ts';
import {
  reminderSettingsQueryOptions,
  useReminderSettings,
  useUpdateReminderSettings,
} from '../../notifications/api/notifications-api.ts';

const EXPLANATION =
  'Reminders go to the person a task or requirement is assigned to, or to every admin when no one is: this many days before each deadline, and on the day it becomes overdue. Monday’s digest goes out in the morning of this time zone.';

/**
 * Every time zone the browser knows, the organization's own among them, each by the name the
 * server keeps it under (Asia/Kolkata, not also Asia/Calcutta).
 */
function timeZones(current: string): string[] {
  const here = currentTimeZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone);
  // The organization's own as it is kept, whatever its name, so that the select shows it.
  return [...new Set([current, here, ...knownTimeZones()])].sort();
}

const daysInWords = (days: number[]) =>
  days.length === 0
    ? 'Only on the day a deadline becomes overdue'
    : `${days.join(', ')} days before`;

export function RemindersTab({ isAdmin }: { isAdmin: boolean }) {
  const settings = useReminderSettings();
  if (settings.isPending) return <Loader aria-label="Loading reminder settings" />;
  if (settings.isError) {
    return (
      <Alert color="red" title="Error">
        {errorMessage(settings.error)}
      </Alert>
    );
  }
  return isAdmin ? (
    <RemindersForm settings={settings.data} />
  ) : (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Text size="sm">{EXPLANATION}</Text>
        <div>
          <Text size="sm" fw={600}>
            Time zone
          </Text>
          <Text size="sm">{settings.data.timeZone}</Text>
        </div>
        <div>
          <Text size="sm" fw={600}>
            Reminder days
          </Text>
          <Text size="sm">{daysInWords(settings.data.reminderDays)}</Text>
        </div>
      </Stack>
    </Card>
  );
}

/** The settings as the form shows them: the days as typed, in the server's order. */
const formValuesOf = (settings: ReminderSettings): ReminderSettingsFormValues => ({
  timeZone: settings.timeZone,
  days: settings.reminderDays.join(', '),
});

/** The settings' names, as a save refused over another admin's change says them. */
const LABELS: Record<keyof ReminderSettingsFormValues, string> = {
  timeZone: 'Time zone',
  days: 'Reminder days',
};

function RemindersForm({ settings }: { settings: ReminderSettings }) {
  const update = useUpdateReminderSettings();
  const queryClient = useQueryClient();
  // The settings someone else changed, since this page showed them, that a save would replace.
  const [theirs, setTheirs] = useState<string[]>([]);
  const [reading, setReading] = useState(false);
  const saved = formValuesOf(settings);
  // What the form showed last and what it holds now: a save sends only what differs.
  const [form, setForm] = useState({ shown: saved, values: saved });
  const { timeZone, days } = form.values;
  useUnsavedChanges(timeZone !== form.shown.timeZone || days !== form.shown.days, () => {
    setForm(({ shown }) => ({ shown, values: shown }));
    setDaysError(null);
  });
  const zones = useMemo(() => timeZones(saved.timeZone), [saved.timeZone]);
  const [zoneSearch, setZoneSearch] = useState('');
  const [daysError, setDaysError] = useState<string | null>(null);
  // The form follows the settings as saved (followSaved). Its own save's answer (the days in
  // the server's order: 30, 10, 3) shows in the same fields, so the focus stays on the field or
  // the button they were saved from.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved values start it again
  useEffect(() => {
    setForm(({ shown, values }) => ({ shown: saved, values: followSaved(values, shown, saved) }));
  }, [saved.timeZone, saved.days]);
  const change = (field: Partial<ReminderSettingsFormValues>) =>
    setForm(({ shown, values }) => ({ shown, values: { ...values, ...field } }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (reading || update.isPending) return;
    if (timeZone === form.shown.timeZone && days === form.shown.days) return;
    const patch = reminderSettingsPayload(form.values, form.shown);
    if ('error' in patch) {
      setDaysError(patch.error);
      return;
    }
    setDaysError(null);
    const { shown, values: sent } = form;
    // The settings as saved now, read first: one changed here that someone else has changed
    // since it was shown is not saved over unseen. Read, it shows in the form, so that saving
    // again replaces it knowingly.
    setReading(true);
    const latest = await queryClient
      .fetchQuery({ ...reminderSettingsQueryOptions(), staleTime: 0 })
      .then(formValuesOf, (error: unknown) => {
        notifyError('Could not save the reminder settings', errorMessage(error));
        return null;
      })
      .finally(() => setReading(false));
    if (!latest) return;
    const replaced = replacedMeanwhile(sent, shown, latest).map((key) => LABELS[key]);
    setTheirs(replaced);
    if (replaced.length > 0) return;
    void changeWithNotice(
      async () => {
        // Saved, the form shows what was saved, but for what was typed while it saved.
        const answer = formValuesOf(await update.mutateAsync(patch));
        setForm(({ values }) => ({ shown: answer, values: followSaved(values, sent, answer) }));
      },
      'Reminder settings saved',
      'Could not save the reminder settings',
    );
  };

  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      onSubmit={(event: FormEvent) => void save(event)}
      noValidate
    >
      <Stack gap="md" maw={520}>
        <Text size="sm">{EXPLANATION}</Text>
        {theirs.length > 0 && (
          <ChangedMeanwhile
            noun="settings"
            said={`Someone else changed ${theirs.join(', ')} after this page showed it. Save again to replace their changes with yours.`}
          />
        )}
        <Select
          label="Time zone"
          data={zones}
          value={timeZone}
          onChange={(value) => change({ timeZone: value ?? saved.timeZone })}
          searchable
          searchValue={zoneSearch}
          onSearchChange={setZoneSearch}
          description={nothingMatches(zones, zoneSearch) && 'No such time zone'}
          allowDeselect={false}
          // Its few hundred options are made when the list opens, not again with every key
          // typed in the days (Mantine keeps a Select's options in the page, hidden, otherwise).
          comboboxProps={{ keepMounted: false }}
        />
        <TextInput
          label="Reminder days"
          description="Days before a deadline, separated by commas (0 is the day itself). Leave empty to send overdue notices only."
          value={days}
          onChange={(event) => change({ days: event.currentTarget.value })}
          error={daysError}
        />
        <Group>
          <SaveButton
            pending={reading || update.isPending}
            // Nothing changed from what it shows: nothing to save.
            disabled={timeZone === form.shown.timeZone && days === form.shown.days}
          >
            Save Reminder Settings
          </SaveButton>
        </Group>
      </Stack>
    </Card>
  );
}
