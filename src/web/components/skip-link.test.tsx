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
    // The browser follows the link to the element it names, and focuses it (the test page does not).
    expect(document.querySelector(link.getAttribute('href') ?? '')).toBe(screen.getByRole('main'));
    expect(screen.getByRole('main').tabIndex).toBe(-1);
  });
});
