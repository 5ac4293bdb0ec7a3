import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  byPath,
  descriptionOf,
  expectOpenUntilSaved,
  fill,
  renderPage,
  signedInUser,
  slowAnswer,
} from '../../../test/render.tsx';
import RequirementDialog from './requirement-dialog.tsx';

/** The dialog as the grant page opens it: closing it hides it. */
function Opened() {
  const [opened, setOpened] = useState(true);
  return (
    <RequirementDialog
      opened={opened}
      onClose={() => setOpened(false)}
      grantId={4}
      requirement={undefined}
    />
  );
}

describe('the requirement dialog', () => {
  it('stays open while it saves, and closes once saved', async () => {
    const { answered, answer } = slowAnswer();
    renderPage(<Opened />, {
      answer: byPath({
        '/api/organization/users': { body: [signedInUser] },
        '/api/grants/4/requirements': { status: 201, body: { id: 1 }, after: answered },
      }),
    });
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'New Requirement' });
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Interim report');
    await user.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Interim report', hidden: true }));
    await fill(user, within(dialog).getByLabelText(/^Due Date/), '2030-06-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add Requirement' }));
    await expectOpenUntilSaved(user, dialog, answer, 'Requirement added');
  });

  it('says a date outside 1900 to 2200 is out of range, and sends nothing', async () => {
    const { sent } = renderPage(<Opened />, {
      answer: byPath({ '/api/organization/users': { body: [signedInUser] } }),
    });
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'New Requirement' });
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Final report');
    const due = within(dialog).getByLabelText(/^Due Date/);
    // Days that are 1900 to 2200 nowhere (a time is taken on such a day anywhere, UTC+14 to UTC-12).
    for (const typed of ['1899-12-30T12:00', '2201-01-02T12:00']) {
      await fill(user, due, typed);
      await user.click(within(dialog).getByRole('button', { name: 'Add Requirement' }));
      expect(descriptionOf(due), typed).toContain('Dates must be from 1900 to 2200');
    }
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});
