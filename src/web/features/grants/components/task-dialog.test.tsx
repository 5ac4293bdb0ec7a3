import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Task } from '../../../../domain/grants.ts';
import { leaveAsked } from '../../../components/open-dialogs.ts';
import { aTask } from '../../../test/records.ts';
import {
  byPath,
  expectDiscardAskedThenEscape,
  fill,
  renderPage,
  signedInUser,
  slowAnswer,
} from '../../../test/render.tsx';
import { TaskDialog } from './task-dialog.tsx';

const report = aTask;

/** The task dialog as a grant's page opens it: the grant known, closing it hides it. */
function Opened({ task }: { task?: Task }) {
  const [opened, setOpened] = useState(true);
  return <TaskDialog opened={opened} onClose={() => setOpened(false)} grantId={4} task={task} />;
}

function renderTaskDialog(task?: Task, answers = {}) {
  const view = renderPage(<Opened task={task} />, {
    answer: byPath({ '/api/organization/users': { body: [signedInUser] }, ...answers }),
  });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

const taskName = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: /^Task Name/ });

/** Edit Task with the task renamed and saved, its answer held until `answer` is called. */
async function savingRename() {
  const { answered, answer } = slowAnswer();
  const view = renderTaskDialog(report, {
    '/api/grants/4/tasks/9': {
      body: { ...report, name: 'Write the final report' },
      after: answered,
    },
  });
  const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
  await fill(view.user, taskName(dialog), 'Write the final report');
  await view.user.keyboard('{Enter}');
  await within(dialog).findByRole('button', { name: 'Saving...' });
  return { ...view, answer, dialog };
}

describe('the task dialog of a grant’s page', () => {
  it.each([
    ['New Task', undefined],
    ['Edit Task', report],
  ])('%s puts the focus on Task Name first', async (title, task) => {
    renderTaskDialog(task);
    const dialog = await screen.findByRole('dialog', { name: title });
    await waitFor(() => expect(document.activeElement).toBe(taskName(dialog)));
  });

  it('asks before closing on a category chosen in its list', async () => {
    const { user } = renderTaskDialog();
    const dialog = await screen.findByRole('dialog', { name: 'New Task' });
    const category = within(dialog).getByRole('combobox', { name: /^Category/ });
    await user.click(category);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(category).not.toHaveProperty('value', ''));
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'New Task' })).toBe(dialog);
  });

  it('takes Escape on the question as its Cancel, and gives the focus back to the field', async () => {
    const { user } = renderTaskDialog();
    const dialog = await screen.findByRole('dialog', { name: 'New Task' });
    await user.click(taskName(dialog));
    await user.keyboard('Write the report');
    await user.keyboard('{Escape}');
    await expectDiscardAskedThenEscape(user);
    await waitFor(() => expect(document.activeElement).toBe(taskName(dialog)));
    expect(taskName(dialog)).toHaveProperty('value', 'Write the report');
    expect(screen.getByRole('dialog', { name: 'New Task' })).toBe(dialog);
  });

  it('keeps its fields read-only while it saves, so nothing typed meanwhile is lost', async () => {
    const { answer, user, sent, dialog } = await savingRename();
    const description = within(dialog).getByRole('textbox', { name: /^Description/ });
    expect(description).toHaveProperty('readOnly', true);
    expect(taskName(dialog)).toHaveProperty('readOnly', true);
    await user.click(description);
    await user.keyboard(' and the budget');
    expect(description).toHaveProperty('value', 'Outcomes of the first year');

    answer();
    expect(await screen.findByText('Task updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saved = sent.filter((request) => request.method === 'PATCH');
    expect(saved).toHaveLength(1);
    expect(saved[0]?.body).toMatchObject({
      name: 'Write the final report',
      description: 'Outcomes of the first year',
    });
  });

  it('takes back the question asked while it saved (another page asked for) once the save has ended, and goes', async () => {
    const { answer } = await savingRename();
    // Another page opened over the dialog as it saves (a search result; Back asks the same).
    let left = 0;
    act(() =>
      leaveAsked(() => {
        left += 1;
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeTruthy();

    answer();
    expect(await screen.findByText('Task updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(left).toBe(1);
  });
});
