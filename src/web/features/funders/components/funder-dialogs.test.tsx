import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { aFunder } from '../../../test/records.ts';
import {
  byPath,
  expectOpenUntilSaved,
  expectRefusedField,
  fill,
  refusalOf,
  renderPage,
  slowAnswer,
} from '../../../test/render.tsx';
import { DeleteFunder, EditFunderDialog, MergeFunderDialog } from './funder-dialogs.tsx';

const river = aFunder(1, 'River Trust');
const hill = aFunder(2, 'Hill Foundation');

describe('a double click on a funder dialog sends one request', () => {
  it('Save Changes', async () => {
    const view = renderPage(<EditFunderDialog funder={river} opened onClose={() => {}} />, {
      answer: byPath({ '/api/funders/1': { body: { ...river, notes: 'Rural' } } }),
    });
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText('Notes'), 'Rural');
    await user.dblClick(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Funder updated successfully')).toBeTruthy();
    expect(view.sent.filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });

  it('Merge', async () => {
    const view = renderPage(
      <MergeFunderDialog funder={river} opened onClose={() => {}} onMerged={() => {}} />,
      {
        answer: byPath({
          '/api/funders': { body: [river, hill], total: 2 },
          '/api/funders/1/merge': { body: hill },
        }),
      },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('combobox', { name: 'Merge into' }));
    await user.click(await screen.findByRole('option', { name: 'Hill Foundation', hidden: true }));
    await user.dblClick(screen.getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('River Trust merged into Hill Foundation')).toBeTruthy();
    await waitFor(() =>
      expect(view.sent.filter((request) => request.method === 'POST')).toHaveLength(1),
    );
  });
});

describe('a funder dialog whose save is under way', () => {
  it('Edit Funder stays open through Escape, Close and Cancel until saved', async () => {
    const { answered, answer } = slowAnswer();
    renderPage(<OpenedEdit />, {
      answer: byPath({ '/api/funders/1': { body: { ...river, notes: 'Rural' }, after: answered } }),
    });
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText('Notes'), 'Rural');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Funder' });
    await expectOpenUntilSaved(user, dialog, answer, 'Funder updated successfully');
  });

  it('Merge Funder stays open through Escape, Close and Cancel until merged', async () => {
    const { answered, answer } = slowAnswer();
    function Opened() {
      const [opened, setOpened] = useState(true);
      return (
        <MergeFunderDialog
          funder={river}
          opened={opened}
          onClose={() => setOpened(false)}
          onMerged={() => setOpened(false)}
        />
      );
    }
    renderPage(<Opened />, {
      answer: byPath({
        '/api/funders': { body: [river, hill], total: 2 },
        '/api/funders/1/merge': { body: hill, after: answered },
      }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('combobox', { name: 'Merge into' }));
    await user.click(await screen.findByRole('option', { name: 'Hill Foundation', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge Funder' });
    await expectOpenUntilSaved(user, dialog, answer, 'River Trust merged into Hill Foundation');
  });
});

describe('Edit Funder', () => {
  it('says under each field what is wrong with it, and sends nothing', async () => {
    const hillWithSite = { ...hill, type: 'foundation' as const, website: 'https://hill.org' };
    const { sent } = renderPage(
      <EditFunderDialog funder={hillWithSite} opened onClose={() => {}} />,
      { answer: () => ({ body: hillWithSite }) },
    );
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Funder' });
    await fill(user, within(dialog).getByLabelText(/^Name/), '   ');
    await fill(user, within(dialog).getByLabelText('Website'), 'beta.org');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid http(s) URL')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PATCH')).toEqual([]);

    await fill(user, within(dialog).getByLabelText(/^Name/), 'Hill Trust');
    await fill(user, within(dialog).getByLabelText('Website'), '');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'PATCH')?.body).toEqual({
        name: 'Hill Trust',
        type: 'foundation',
        website: null,
        notes: null,
      }),
    );
  });
});

describe('Merge Funder', () => {
  it('opened again after Cancel, has nothing chosen', async () => {
    function Reopenable() {
      const [opened, setOpened] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpened(true)}>
            Open
          </button>
          <MergeFunderDialog
            funder={river}
            opened={opened}
            onClose={() => setOpened(false)}
            onMerged={() => {}}
          />
        </>
      );
    }
    renderPage(<Reopenable />, {
      answer: byPath({ '/api/funders': { body: [river, hill], total: 2 } }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('combobox', { name: 'Merge into' }));
    await user.click(await screen.findByRole('option', { name: 'Hill Foundation', hidden: true }));
    expect(screen.getByRole('button', { name: 'Merge' }).getAttribute('aria-disabled')).toBe(
      'false',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const field = await screen.findByRole('combobox', { name: 'Merge into' });
    expect(field).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Merge' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });
});

/** Edit Funder as the funder's page opens it: closing it hides it. */
function OpenedEdit() {
  const [opened, setOpened] = useState(true);
  return <EditFunderDialog funder={river} opened={opened} onClose={() => setOpened(false)} />;
}

describe("Edit Funder's type", () => {
  it('is cleared from the keyboard by its labelled clear button, and saved as none', async () => {
    const typed = { ...river, type: 'government' as const };
    const view = renderPage(<EditFunderDialog funder={typed} opened onClose={() => {}} />, {
      answer: byPath({ '/api/funders/1': { body: { ...typed, type: null } } }),
    });
    const user = userEvent.setup({ delay: null });
    // A button Tab reaches, named for a screen reader; Enter on it takes the type off.
    const clear = screen.getByRole('button', { name: 'Clear type' });
    expect(clear.tabIndex).toBe(0);
    clear.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveProperty('value', '');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Funder updated successfully')).toBeTruthy();
    const patch = view.sent.find((request) => request.method === 'PATCH');
    expect(patch?.body).toMatchObject({ type: null });
  });
});

describe('Edit Funder, closed with something typed', () => {
  it('asks to discard it first, and keeps it on Cancel', async () => {
    renderPage(<OpenedEdit />);
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Funder' });
    await fill(user, within(dialog).getByLabelText('Notes'), 'Met in May');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull(),
    );
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Notes').value).toBe('Met in May');
  });

  it('asks too when only a type was chosen', async () => {
    renderPage(<OpenedEdit />);
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Funder' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Foundation', hidden: true }));
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveProperty(
      'value',
      'Foundation',
    );
  });
});

describe('Edit Funder refused for a name another funder has', () => {
  it('says so in the notice and on the Name field, which has the focus', async () => {
    const message =
      'Another funder already has this name: merge the two instead of renaming this one';
    renderPage(<EditFunderDialog funder={river} opened onClose={() => {}} />, {
      answer: byPath({ '/api/funders/1': { status: 409, body: refusalOf('name', message) } }),
    });
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Funder' });
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Hill Foundation');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(`409: ${message}`)).toBeTruthy();
    await expectRefusedField(within(dialog).getByLabelText(/^Name/), message);
  });
});

describe('Delete funder', () => {
  it('deletes at the version it has just read, which the page now shows', async () => {
    const edited = { ...river, notes: 'Changed elsewhere', updatedAt: '2026-02-02T00:00:00.000Z' };
    const view = renderPage(
      <DeleteFunder
        funder={river}
        asked
        onAsked={() => {}}
        onDeleted={() => {}}
        onMerge={() => {}}
      />,
      {
        answer: ({ method, url }) =>
          method === 'DELETE'
            ? { status: 204, body: null }
            : url.startsWith('/api/funders/1')
              ? { body: edited }
              : undefined,
      },
    );
    const user = userEvent.setup({ delay: null });
    const ask = await screen.findByRole('dialog', { name: 'Delete funder' });
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Funder deleted successfully')).toBeTruthy();
    const deleted = view.sent.filter((request) => request.method === 'DELETE');
    expect(deleted.map((request) => request.ifMatch)).toEqual(['"2026-02-02T00:00:00.000Z"']);
  });
});
