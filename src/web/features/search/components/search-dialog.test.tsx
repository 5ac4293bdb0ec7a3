import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { SearchLauncher } from './search-launcher.tsx';

// Answered out of the order they are shown in: the tasks first, then the contacts.
const results = [
  { kind: 'task', id: 9, title: 'Send Hopper the budget', detail: 'Hopper literacy', grantId: 4 },
  { kind: 'contact', id: 5, title: 'Grace Hopper', detail: 'Navy Fund', grantId: null },
  { kind: 'contact', id: 6, title: 'Ada Hopper', detail: null, grantId: null },
];

/** The search opened with Ctrl+K over a page; the server finds `found` for whatever is typed. */
async function openSearch(found: unknown[] = results) {
  renderPage(<SearchLauncher />, {
    url: '/contacts',
    answer: ({ url }) =>
      url.startsWith('/api/search?') ? { body: { results: found } } : undefined,
  });
  const user = userEvent.setup({ delay: null });
  await user.keyboard('{Control>}k{/Control}');
  const box = await screen.findByRole('combobox', { name: 'Search everything' });
  await waitFor(() => expect(document.activeElement).toBe(box));
  return { user, box };
}

const activeOption = (box: HTMLElement) => {
  const id = box.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('the search over everything, to a screen reader', () => {
  it('is a combobox whose results are a listbox of options, grouped by kind', async () => {
    const { user, box } = await openSearch();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();

    await user.keyboard('Hopp');
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    const contacts = within(listbox).getByRole('group', { name: 'Contacts' });
    expect(
      within(contacts)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Grace HopperNavy Fund', 'Ada Hopper']);
    const tasks = within(listbox).getByRole('group', { name: 'Tasks' });
    expect(within(tasks).getAllByRole('option')).toHaveLength(1);
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
  });

  it('names the result the arrows chose as the active one, selected, and Enter opens it', async () => {
    const { user, box } = await openSearch();
    await user.keyboard('Hopp');
    await screen.findByRole('listbox', { name: 'Search results' });

    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: /Grace Hopper/ });
    // The box names the option the list marked once it has seen the mark (after a render).
    await waitFor(() => expect(activeOption(box)).toBe(first));
    expect(first.getAttribute('aria-selected')).toBe('true');

    // Down twice more: past the second contact, to the task shown after them.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const task = screen.getByRole('option', { name: /Send Hopper the budget/ });
    await waitFor(() => expect(activeOption(box)).toBe(task));
    expect(task.getAttribute('aria-selected')).toBe('true');
    expect(first.getAttribute('aria-selected')).toBe('false');
    expect(screen.getAllByRole('option', { selected: true })).toEqual([task]);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/grants/4'));
  });

  it('says how many results were found, or that nothing was, in a status that stays', async () => {
    const { user } = await openSearch();
    const status = within(screen.getByRole('dialog')).getByRole('status');
    expect(status.textContent).toBe('Type at least 3 characters to search everything');

    await user.keyboard('Hopp');
    await waitFor(() => expect(status.textContent).toBe('3 results'));
    expect(within(screen.getByRole('dialog')).getByRole('status')).toBe(status);
  });

  it('counts characters as the server does: two emoji are two, and are not sent', async () => {
    renderPage(<SearchLauncher />, { url: '/contacts' });
    const user = userEvent.setup({ delay: null });
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox', { name: 'Search everything' });
    const status = within(screen.getByRole('dialog')).getByRole('status');
    await user.keyboard('😀😀');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(status.textContent).toBe('Type at least 3 characters to search everything');
  });

  it('says so in the same status when nothing is found', async () => {
    const { user, box } = await openSearch([]);
    const status = within(screen.getByRole('dialog')).getByRole('status');
    await user.keyboard('zzqx');
    await waitFor(() => expect(status.textContent).toBe('Nothing found for "zzqx"'));
    expect(within(screen.getByRole('dialog')).getByRole('status')).toBe(status);
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
