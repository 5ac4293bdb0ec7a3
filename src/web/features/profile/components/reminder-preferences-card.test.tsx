import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, slowAnswer } from '../../../test/render.tsx';
import { ReminderPreferencesCard } from './reminder-preferences-card.tsx';

describe('the reminder settings', () => {
  it('keep the focus on a box changed from the keyboard, through its save', async () => {
    const { answered, answer } = slowAnswer();
    let saved = { reminders: true, digest: true };
    const { sent } = renderPage(<ReminderPreferencesCard />, {
      answer: (request) => {
        if (request.url !== '/api/user/reminders') return undefined;
        if (request.method === 'PATCH') {
          saved = { ...saved, ...(request.body as object) };
          return { body: saved, after: answered };
        }
        return { body: saved };
      },
    });
    const user = userEvent.setup({ delay: null });
    const box = await screen.findByRole('checkbox', { name: /Deadline reminders/ });
    box.focus();
    await user.keyboard(' ');
    // While it saves it is not disabled (a browser takes the focus from a disabled box), and a
    // second press sends nothing more.
    await waitFor(() => expect(box.getAttribute('aria-disabled')).toBe('true'));
    expect((box as HTMLInputElement).disabled).toBe(false);
    expect(document.activeElement).toBe(box);
    await user.keyboard(' ');
    expect(sent.filter((request) => request.method === 'PATCH')).toHaveLength(1);
    answer();
    expect(await screen.findByText('Reminder settings saved')).toBeTruthy();
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    expect(document.activeElement).toBe(box);
  });
});
