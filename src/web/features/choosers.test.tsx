import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aFunder } from '../test/records.ts';
import {
  byPath,
  descriptionOf,
  fill,
  renderPage,
  signedInUser,
  textBesideOptions,
} from '../test/render.tsx';
import { AssigneeSelect } from './company/components/assignee-select.tsx';
import { RemindersTab } from './company/components/reminders-tab.tsx';
import { MergeFunderDialog } from './funders/components/funder-dialogs.tsx';

/** The reminders' time zone chooser, of an organization in UTC, as an admin sees it. */
const timeZoneField = async () => {
  const user = userEvent.setup({ delay: null });
  renderPage(<RemindersTab isAdmin />, {
    answer: byPath({
      '/api/organization/reminders': { body: { timeZone: 'UTC', reminderDays: [7] } },
    }),
  });
  return { user, field: await screen.findByRole('combobox', { name: 'Time zone' }) };
};

// A chooser says it has nothing to list under its label: a listbox holds options only.
describe('a chooser with nothing to list for what was typed', () => {
  it('the assignee: says no one has that name, and lists the one who does', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<AssigneeSelect />, {
      answer: byPath({ '/api/organization/users': { body: [signedInUser] } }),
    });
    const field = screen.getByRole('combobox', { name: 'Assignee' });
    await waitFor(() => expect(descriptionOf(field)).toBe(''));
    await fill(user, field, 'zz');
    expect(descriptionOf(field)).toBe('No one by that name');
    expect(textBesideOptions()).toEqual([]);
    await fill(user, field, ' ROSA ');
    expect(descriptionOf(field)).toBe('');
    expect(screen.getByRole('option', { name: 'Rosa Parks', hidden: true })).toBeTruthy();
  });

  it('the assignee: says the team could not be loaded, not that no one was found', async () => {
    renderPage(<AssigneeSelect />, {
      answer: byPath({ '/api/organization/users': { status: 500, body: { message: 'Down' } } }),
    });
    const field = screen.getByRole('combobox', { name: 'Assignee' });
    expect(descriptionOf(field)).toBe('Loading…');
    await waitFor(() =>
      expect(descriptionOf(field)).toMatch(/^Could not load the choices: .*Down$/),
    );
  });

  it('the time zone: says there is no such time zone', async () => {
    const { user, field } = await timeZoneField();
    expect(descriptionOf(field)).toBe('');
    await fill(user, field, 'Mars/Olympus');
    expect(descriptionOf(field)).toBe('No such time zone');
    expect(textBesideOptions()).toEqual([]);
  });

  it('the time zone: offers renamed zones by the name kept, not the old one beside it', async () => {
    const { user, field } = await timeZoneField();
    await fill(user, field, 'Calcutta');
    expect(descriptionOf(field)).toBe('No such time zone');
    await fill(user, field, 'Kolkata');
    expect(await screen.findByRole('option', { name: 'Asia/Kolkata', hidden: true })).toBeTruthy();
  });

  it('the funder to merge into: says there is no other funder', async () => {
    renderPage(
      <MergeFunderDialog
        funder={aFunder(1, 'River Trust')}
        opened
        onClose={() => {}}
        onMerged={() => {}}
      />,
      { answer: byPath({ '/api/funders': { body: [aFunder(1, 'River Trust')], total: 1 } }) },
    );
    const field = await screen.findByRole('combobox', { name: 'Merge into' });
    await waitFor(() => expect(descriptionOf(field)).toBe('No other funders'));
    expect(textBesideOptions()).toEqual([]);
  });
});
