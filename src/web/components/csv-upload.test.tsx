import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IMPORT_TOO_LARGE, IMPORT_UPLOAD_MAX_BYTES } from '../../domain/csv-import-limits.ts';
import { ContactUpload } from '../features/contacts/components/contact-upload.tsx';
import { answeringUpload } from '../test/answering-upload.ts';
import { renderPage } from '../test/render.tsx';

/** The preview is asked for with XMLHttpRequest (for an upload's progress). */
const AnsweringPreview = answeringUpload({
  columns: [
    { header: 'name', suggestion: 'name', samples: ['Ada'] },
    { header: 'email', suggestion: 'email', samples: ['ada@example.org'] },
  ],
});

describe('a CSV file chosen for an import', () => {
  it('has its preview closed with Escape before the preview took the focus: Upload CSV has it back', async () => {
    renderPage(<ContactUpload />);
    const upload = await screen.findByRole('button', { name: 'Upload CSV' });
    vi.stubGlobal('XMLHttpRequest', AnsweringPreview);
    const chooser = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!chooser) throw new Error('no file chooser');
    const user = userEvent.setup({ delay: null });
    await user.upload(chooser, new File(['name,email\nAda,ada@example.org\n'], 'people.csv'));
    await screen.findByRole('dialog', { name: 'Import contacts' });
    // The focus is still on another control of the page (the file was dropped there, say).
    const template = screen.getByRole('button', { name: 'Download Template' });
    template.focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(upload));
  });

  it('larger than an import takes is refused at once, before any of it is sent', async () => {
    const view = renderPage(<ContactUpload />);
    await screen.findByRole('button', { name: 'Upload CSV' });
    const file = new File(['name,email\nAda,ada@example.org\n'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'size', { value: IMPORT_UPLOAD_MAX_BYTES + 1 });
    const chooser = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!chooser) throw new Error('no file chooser');
    await userEvent.setup({ delay: null }).upload(chooser, file);
    expect(await screen.findByText(IMPORT_TOO_LARGE)).toBeTruthy();
    expect(view.sent.filter((request) => request.url.includes('/upload'))).toEqual([]);
  });
});
