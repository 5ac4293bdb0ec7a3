import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { askConfirmation, ConfirmationHost } from './confirm.tsx';
import { MAIN_CONTENT } from './skip-link.tsx';

/** Rows, each deleted from its own button after a confirmation, at once (a fast server). */
function Rows({ names }: { names: string[] }) {
  const [shown, setShown] = useState(names);
  return (
    <MantineProvider theme={theme}>
      <main {...MAIN_CONTENT}>
        <ul>
          {shown.map((name) => (
            <li key={name}>
              <button
                type="button"
                onClick={() =>
                  askConfirmation({
                    title: `Delete ${name}`,
                    message: `Delete ${name}?`,
                    confirmLabel: 'Delete',
                    onConfirm: () => setShown((rows) => rows.filter((row) => row !== name)),
                  })
                }
              >
                {`Delete ${name}`}
              </button>
            </li>
          ))}
        </ul>
      </main>
      <MemoryRouter>
        <ConfirmationHost />
      </MemoryRouter>
    </MantineProvider>
  );
}

describe('the focus after a confirmation', () => {
  it('goes to the next row when its row is deleted before the dialog has even gone', async () => {
    const user = userEvent.setup();
    render(<Rows names={['Ada', 'Grace']} />);
    await user.click(screen.getByRole('button', { name: 'Delete Ada' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('button', { name: 'Delete Ada' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Grace' })),
    );
  });

  it('goes back to what asked when that is still there (Cancel)', async () => {
    const user = userEvent.setup();
    render(<Rows names={['Ada', 'Grace']} />);
    await user.click(screen.getByRole('button', { name: 'Delete Grace' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Grace' })),
    );
  });
});
