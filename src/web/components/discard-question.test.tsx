import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { useUnsavedChanges } from './discard-question.ts';

/** A page whose form holds a change not saved, with links of every kind around it. */
function PageWithChanges({ discard }: { discard: () => void }) {
  useUnsavedChanges(true, discard);
  return (
    <>
      <Link to="/elsewhere">Elsewhere</Link>
      <a href="#main-content">Skip to content</a>
      <a href="/elsewhere" target="_blank" rel="noreferrer">
        In a new tab
      </a>
      <a href="/export.csv" download>
        Download
      </a>
    </>
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('a link followed with changes not saved on the page', () => {
  it('asks first: Cancel stays with them, Discard lets them go and follows the link', async () => {
    const user = userEvent.setup({ delay: null });
    const discard = vi.fn();
    renderPage(<PageWithChanges discard={discard} />, { url: '/organization' });

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(location()).toBe('/organization');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(discard).not.toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const again = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(location()).toBe('/elsewhere'));
    expect(discard).toHaveBeenCalledTimes(1);
  });

  it('does not ask for a link that leaves nothing: within the page, to another tab, a download, or with a key held', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<PageWithChanges discard={() => {}} />, { url: '/organization' });
    // What the browser would do with them is not this test's: only that nothing asks.
    const stay = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', stay);
    try {
      await user.click(screen.getByRole('link', { name: 'Skip to content' }));
      await user.click(screen.getByRole('link', { name: 'In a new tab' }));
      await user.click(screen.getByRole('link', { name: 'Download' }));
      await user.keyboard('{Control>}');
      await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
      await user.keyboard('{/Control}');
    } finally {
      document.removeEventListener('click', stay);
    }
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();
    expect(location()).toBe('/organization');
  });
});
