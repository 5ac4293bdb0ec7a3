import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CsvPreview } from '../lib/csv-import.ts';
import CsvImportDialog, { type CsvImportKind } from './csv-import-dialog.tsx';

type Field = 'name' | 'email';
const contacts: CsvImportKind<Field> = {
  record: 'contact',
  fields: ['name', 'email'],
  required: ['name', 'email'],
  labels: { name: 'Name', email: 'Email' },
};

type Columns = CsvPreview<Field>['columns'];

/** The preview of a file of `columns`, rendered. */
const renderPreview = (columns: Columns, onClose = vi.fn()) =>
  render(
    <MantineProvider>
      <CsvImportDialog
        kind={contacts}
        file={new File([`${columns.map((column) => column.header).join(',')}\n`], 'people.csv')}
        preview={{ columns }}
        importing={false}
        progress={0}
        onImport={vi.fn()}
        onClose={onClose}
      />
    </MantineProvider>,
  );

const dialog = (onClose = vi.fn()) => {
  renderPreview(
    [
      { header: 'Full name', suggestion: 'name', samples: ['Ada'] },
      { header: 'E-mail', suggestion: 'email', samples: ['ada@engine.org'] },
    ],
    onClose,
  );
  const select = (name: string) =>
    screen.getByRole('combobox', { name: `Import ${name} as` }) as HTMLSelectElement;
  return { name: select('Full name'), email: select('E-mail') };
};

/** One key pressed on a closed select, stepping it to `value`, as a browser does. */
const step = (select: HTMLSelectElement, key: string, value: string) => {
  fireEvent.keyDown(select, { key });
  fireEvent.change(select, { target: { value } });
  fireEvent.keyUp(select, { key });
};

describe('the columns of a file to import', () => {
  it('stepped through from the keyboard, take no field from another column on the way', () => {
    const { name, email } = dialog();
    email.focus();
    step(email, 'Home', '');
    step(email, 'ArrowDown', 'name');
    step(email, 'ArrowDown', 'email');
    // 'Name', passed on the way, is still the first column's.
    expect(name.value).toBe('name');
    expect(email.value).toBe('email');
    fireEvent.blur(email);
    expect(name.value).toBe('name');
    expect(email.value).toBe('email');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('take the field stepped to from its column once the user is done (Enter), and Escape goes back', () => {
    const onClose = vi.fn();
    const { name, email } = dialog(onClose);
    email.focus();
    step(email, 'ArrowUp', 'name');
    fireEvent.keyDown(email, { key: 'Escape' });
    expect(email.value).toBe('email');
    expect(name.value).toBe('name');
    // Only the step goes back: the dialog, and every column's choice, stay.
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    step(email, 'ArrowUp', 'name');
    fireEvent.keyDown(email, { key: 'Enter' });
    expect(email.value).toBe('name');
    expect(name.value).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('Choose a column to import as Email');
  });

  it('picked from the opened list, take the field at once', () => {
    const { name, email } = dialog();
    fireEvent.change(name, { target: { value: 'email' } });
    expect(name.value).toBe('email');
    expect(email.value).toBe('');
  });

  it("give the first column's field the focus as the preview opens, not the dialog's Close", async () => {
    const { name } = dialog();
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('are described by the message of a field no column holds, which a screen reader hears on each', () => {
    const { name, email } = dialog();
    expect(name.getAttribute('aria-describedby')).toBeNull();
    fireEvent.change(name, { target: { value: '' } });
    const message = 'Choose a column to import as Name';
    expect(screen.getByRole('alert').textContent).toBe(message);
    // The column that lost it, and any other that could take it.
    expect(
      screen.getByRole('combobox', { name: 'Import Full name as', description: message }),
    ).toBe(name);
    expect(screen.getByRole('combobox', { name: 'Import E-mail as', description: message })).toBe(
      email,
    );
    fireEvent.change(email, { target: { value: 'name' } });
    fireEvent.change(name, { target: { value: 'email' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(name.getAttribute('aria-describedby')).toBeNull();
  });

  it('of one name are told apart by where they are', () => {
    renderPreview([
      { header: 'Email', suggestion: 'email', samples: ['ada@engine.org'] },
      { header: 'Name', suggestion: 'name', samples: ['Ada'] },
      { header: 'Email', suggestion: null, samples: ['ada@home.org'] },
      { header: '', suggestion: null, samples: ['x'] },
      { header: '', suggestion: null, samples: ['y'] },
    ]);
    expect(screen.getByRole('combobox', { name: 'Import Email (column 1) as' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Import Name as' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Import Email (column 3) as' })).toBeTruthy();
    // Columns with no name are named by where they are already.
    expect(screen.getByRole('combobox', { name: 'Import Column 4 as' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Import Column 5 as' })).toBeTruthy();
  });
});
