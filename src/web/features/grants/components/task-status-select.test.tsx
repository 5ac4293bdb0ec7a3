import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aTask } from '../../../test/records.ts';
import { renderPage, slowAnswer } from '../../../test/render.tsx';
import { TaskStatusSelect } from './task-status-select.tsx';

const report = aTask;

describe("a task's status on the grant page", () => {
  it('shows the status chosen while it is saved, not the one it replaces', async () => {
    const slow = slowAnswer();
    renderPage(<TaskStatusSelect task={report} />, {
      answer: ({ method }) =>
        method === 'PATCH'
          ? { status: 200, body: { ...report, status: 'completed' }, after: slow.answered }
          : undefined,
    });
    const user = userEvent.setup({ delay: null });
    const select = screen.getByRole<HTMLSelectElement>('combobox', {
      name: 'Status of Write the report',
    });
    await user.selectOptions(select, 'completed');
    await waitFor(() => expect(select.disabled).toBe(true));
    expect(select.value).toBe('completed');
    slow.answer();
    expect(await screen.findByText('Task status updated')).toBeTruthy();
  });
});
