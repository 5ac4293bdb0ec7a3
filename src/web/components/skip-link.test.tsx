import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAIN_CONTENT, SkipLink } from './skip-link.tsx';

describe('SkipLink', () => {
  it('is the first stop of Tab, and leads to the main content', async () => {
    const user = userEvent.setup();
    render(
      <>
        <SkipLink />
        <nav>
          <a href="/contacts">Contacts</a>
        </nav>
        <main {...MAIN_CONTENT}>
          <button type="button">Add Contact</button>
        </main>
      </>,
    );
    await user.tab();
    const link = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(link);
    expect(document.querySelector(link.getAttribute('href') ?? '')).toBe(screen.getByRole('main'));
    expect(screen.getByRole('main').tabIndex).toBe(-1);
    // Followed, it focuses the main content, and adds nothing to the tab's history.
    const entries = window.history.length;
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.location.hash).toBe('');
    expect(window.history.length).toBe(entries);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Contact' }));
  });
});
