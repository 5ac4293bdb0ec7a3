import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReminderSettings } from '../../../../domain/reminders.ts';
import {
  fill,
  leavingAsked,
  renderPage,
  type SentRequest,
  slowAnswer,
} from '../../../test/render.tsx';
import { notificationKeys } from '../../notifications/api/notifications-api.ts';
import { RemindersTab } from './reminders-tab.tsx';

/**
 * The reminder settings as an admin sees them; the server keeps the days latest first, and
 * answers a save once `after` (when given) has settled.
 */
function renderReminders(after?: Promise<unknown>) {
  let saved: ReminderSettings = { timeZone: 'UTC', reminderDays: [14, 7, 1] };
  const answer = ({ method, url, body }: SentRequest) => {
    if (url !== '/api/organization/reminders') return undefined;
    if (method === 'PATCH') {
      const { reminderDays = saved.reminderDays, ...rest } = body as Partial<ReminderSettings>;
      saved = { ...saved, ...rest, reminderDays: [...reminderDays].sort((a, b) => b - a) };
      return { body: saved, after };
    }
    return { body: saved };
  };
  const view = renderPage(<RemindersTab isAdmin />, { answer });
  const saves = () => view.sent.filter((request) => request.method === 'PATCH');
  /** Another admin's save, read again here (a refresh, a return to the page). */
  const savedElsewhere = async (change: Partial<ReminderSettings>) => {
    saved = { ...saved, ...change };
    await act(() => view.queryClient.invalidateQueries({ queryKey: notificationKeys.settings() }));
  };
  const current = () => saved;
  return { saves, savedElsewhere, current, user: userEvent.setup({ delay: null }) };
}

/** The days field as it is now (a form made again would have another). */
const daysField = () => screen.getByRole('textbox', { name: 'Reminder days' });

describe('the reminder settings of the organization', () => {
  it('keep the focus in the days field a save was asked from with Enter, which shows the days saved', async () => {
    const { saves, user } = renderReminders();
    const days = await screen.findByRole('textbox', { name: 'Reminder days' });
    await fill(user, days, '3, 30, 10');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Reminder settings saved')).toBeTruthy();
    await waitFor(() => expect(daysField()).toHaveProperty('value', '30, 10, 3'));
    expect(daysField()).toBe(days);
    expect(document.activeElement).toBe(days);
    expect(saves()).toHaveLength(1);
  });

  it('keep the focus on Save Reminder Settings through its save', async () => {
    const { answered, answer } = slowAnswer();
    const { saves, user } = renderReminders(answered);
    await fill(user, await screen.findByRole('textbox', { name: 'Reminder days' }), '2');
    const save = screen.getByRole('button', { name: 'Save Reminder Settings' });
    await user.click(save);
    // While it saves it is not disabled (a browser takes the focus from a disabled button), and
    // a second press sends nothing more.
    expect(screen.getByRole('button', { name: 'Saving...' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await user.click(save);
    answer();
    expect(await screen.findByText('Reminder settings saved')).toBeTruthy();
    await waitFor(() => expect(daysField()).toHaveProperty('value', '2'));
    expect(screen.getByRole('button', { name: 'Save Reminder Settings' })).toBe(save);
    expect(document.activeElement).toBe(save);
    expect(saves()).toHaveLength(1);
  });

  it('follow what another admin saves meanwhile in the field not changed, and send only the field changed', async () => {
    const { saves, savedElsewhere, current, user } = renderReminders();
    await fill(user, await screen.findByRole('textbox', { name: 'Reminder days' }), '30, 10');
    await savedElsewhere({ timeZone: 'Europe/London', reminderDays: [5] });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveProperty(
        'value',
        'Europe/London',
      ),
    );
    expect(daysField()).toHaveProperty('value', '30, 10');

    await user.click(screen.getByRole('button', { name: 'Save Reminder Settings' }));
    expect(await screen.findByText('Reminder settings saved')).toBeTruthy();
    expect(saves().map((request) => request.body)).toEqual([{ reminderDays: [30, 10] }]);
    expect(current()).toEqual({ timeZone: 'Europe/London', reminderDays: [30, 10] });
    // Saved, the days typed are the saved ones: the next change elsewhere shows here.
    await savedElsewhere({ reminderDays: [2] });
    await waitFor(() => expect(daysField()).toHaveProperty('value', '2'));
  });

  it('keep what is typed while a save is under way', async () => {
    const { answered, answer } = slowAnswer();
    const { saves, user } = renderReminders(answered);
    await fill(user, await screen.findByRole('textbox', { name: 'Reminder days' }), '30, 10');
    await user.click(screen.getByRole('button', { name: 'Save Reminder Settings' }));
    await fill(user, daysField(), '30, 10, 5');
    answer();
    expect(await screen.findByText('Reminder settings saved')).toBeTruthy();
    expect(daysField()).toHaveProperty('value', '30, 10, 5');
    expect(saves()).toHaveLength(1);
  });

  it('say so rather than save over a setting another admin changed since it was shown; saved again, it replaces theirs', async () => {
    const { saves, current, user } = renderReminders();
    await fill(user, await screen.findByRole('textbox', { name: 'Reminder days' }), '30, 10');
    // Another admin saves other days meanwhile; this page has not read them.
    const theirs = current();
    theirs.reminderDays = [5];
    await user.click(screen.getByRole('button', { name: 'Save Reminder Settings' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Someone else changed Reminder days after this page showed it. Save again to replace their changes with yours.',
    );
    expect(saves()).toEqual([]);
    expect(daysField()).toHaveProperty('value', '30, 10');

    await user.click(screen.getByRole('button', { name: 'Save Reminder Settings' }));
    expect(await screen.findByText('Reminder settings saved')).toBeTruthy();
    expect(saves().map((request) => request.body)).toEqual([{ reminderDays: [30, 10] }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('have nothing to save until a setting is changed', async () => {
    const { saves, user } = renderReminders();
    const days = await screen.findByRole('textbox', { name: 'Reminder days' });
    const save = screen.getByRole('button', { name: 'Save Reminder Settings' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    await user.click(save);
    await fill(user, days, '14, 7, 2');
    expect(save.getAttribute('aria-disabled')).toBe('false');
    await fill(user, days, '14, 7, 1');
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect(saves()).toEqual([]);
  });

  it('ask before leaving with a change not saved, and not once it is saved', async () => {
    const { user } = renderReminders();
    const days = await screen.findByRole('textbox', { name: 'Reminder days' });
    expect(leavingAsked()).toBe(false);
    await fill(user, days, '14, 7, 2');
    expect(leavingAsked()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save Reminder Settings' }));
    expect(await screen.findByText('Reminder settings saved')).toBeTruthy();
    await waitFor(() => expect(leavingAsked()).toBe(false));
  });

  it('make the time zones listed when the list opens, not while the days are typed', async () => {
    const { user } = renderReminders();
    await fill(user, await screen.findByRole('textbox', { name: 'Reminder days' }), '5');
    // A few hundred options made again at every key typed in the days made typing slow.
    expect(screen.queryAllByRole('option', { hidden: true })).toEqual([]);
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    // Found by its text: the names of hundreds of options are slow to work out.
    const london = await screen.findByText('Europe/London');
    expect(london.closest('[role="option"]')).toBeTruthy();
  });
});
