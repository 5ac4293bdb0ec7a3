import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IMPORT_TOO_LARGE, IMPORT_UPLOAD_MAX_BYTES } from '../../domain/csv-import-limits.ts';
import { ContactUpload } from '../features/contacts/components/contact-upload.tsx';
import { renderPage } from '../test/render.tsx';

describe('a CSV file chosen for an import', () => {
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
