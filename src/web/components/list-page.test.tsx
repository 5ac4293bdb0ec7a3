import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SEARCH_TEXT_MAX } from '../../domain/list-constants.ts';
import ContactsPage from '../features/contacts/contacts-page.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { stamps } from '../test/records.ts';
import { renderPage, slowAnswer } from '../test/render.tsx';
import { SEARCH_TOO_LONG } from './list-controls.tsx';
import { MAIN_CONTENT } from './skip-link.tsx';

const contact = (id: number) => ({
  id,
  name: `Person ${id}`,
  email: `person${id}@example.org`,
  phone: null,
  organization: null,
  notes: null,
  ...stamps,
});

/** The contacts list as the API answers it: the page `offset` and `limit` ask for of `all()`. */
const contactsPaged =
  (all: () => ReturnType<typeof contact>[]) =>
  ({ url }: { url: string }) => {
    if (!url.startsWith('/api/contacts?')) return undefined;
    const params = new URL(url, 'http://x').searchParams;
    const offset = Number(params.get('offset') ?? 0);
    const rows = all().slice(offset, offset + Number(params.get('limit') ?? 25));
    return { body: rows, total: all().length };
  };

describe('a list page', () => {
  it("opens a row's record on a click, not on the second click of a double click meant for a dialog's button that closed over it", async () => {
    renderPage(<ContactsPage />, {
      url: '/contacts',
      answer: contactsPaged(() => [contact(1), contact(2)]),
    });
    const row = (await screen.findByText('Person 2')).closest('tr');
    if (!row) throw new Error('no row');
    fireEvent.click(row, { detail: 2 });
    expect(screen.getByTestId('location').textContent).toBe('/contacts');
    fireEvent.click(row, { detail: 1 });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/contacts/2'));
  });

  it('goes back to the last page with rows when the rows of the page shown are all gone', async () => {
    const user = userEvent.setup({ delay: null });
    const queryClient = createQueryClient();
    let contacts = Array.from({ length: 26 }, (_, i) => contact(i + 1));
    renderPage(<ContactsPage />, {
      url: '/contacts',
      queryClient,
      answer: contactsPaged(() => contacts),
    });
    await user.click(await screen.findByRole('button', { name: '2' }));
    expect(await screen.findByText('Person 26')).toBeTruthy();

    // Its one row deleted (here or by someone else): page 1 is shown, not an empty list.
    contacts = contacts.slice(0, 25);
    await queryClient.invalidateQueries();
    expect(await screen.findByText('Person 1')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('No contacts yet')).toBeNull());
  });

  it("names the page buttons' arrows, and keeps the focus among the page buttons when Next reaches the last page", async () => {
    const user = userEvent.setup({ delay: null });
    const contacts = Array.from({ length: 26 }, (_, i) => contact(i + 1));
    renderPage(<ContactsPage />, {
      url: '/contacts',
      answer: contactsPaged(() => contacts),
    });
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    for (const name of ['First page', 'Previous page', 'Last page']) {
      expect(within(pages).getByRole('button', { name })).toBeTruthy();
    }
    within(pages).getByRole('button', { name: 'Next page' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Person 26')).toBeTruthy();
    const current = within(pages).getByRole('button', { name: '2' });
    expect(current.getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.activeElement).toBe(current));
  });

  it("moves the focus from 'Select all' to Export selected once every record is chosen", async () => {
    const user = userEvent.setup({ delay: null });
    const contacts = Array.from({ length: 26 }, (_, i) => contact(i + 1));
    renderPage(<ContactsPage />, {
      url: '/contacts',
      answer: contactsPaged(() => contacts),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    (await screen.findByRole('button', { name: 'Select all 26 contacts' })).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('26 selected')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Export selected' })),
    );
  });

  it('asks before deleting chosen records, saying what goes with them', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<ContactsPage />, {
      url: '/contacts',
      answer: ({ url }) =>
        url.startsWith('/api/contacts?') ? { body: [contact(1), contact(2)], total: 2 } : undefined,
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(await screen.findByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Delete 2 contacts? Their interactions will be deleted too. This cannot be undone.',
    );
  });
});

describe('a bulk delete that leaves the list empty', () => {
  it("gives the focus, gone with the rows' bar, to the page's main content", async () => {
    const user = userEvent.setup({ delay: null });
    let contacts = [contact(1), contact(2)];
    renderPage(
      <main {...MAIN_CONTENT}>
        <ContactsPage />
      </main>,
      {
        url: '/contacts',
        answer: ({ url, method }) => {
          if (method === 'POST' && url === '/api/contacts/bulk-delete') {
            contacts = [];
            return { body: { count: 2 } };
          }
          return url.startsWith('/api/contacts?')
            ? { body: contacts, total: contacts.length }
            : undefined;
        },
      },
    );
    const all = await screen.findByRole('checkbox', { name: 'Select all on this page' });
    all.focus();
    await user.keyboard(' ');
    (await screen.findByRole('button', { name: 'Delete selected' })).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByRole('button', { name: 'Delete' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('No contacts yet')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(document.getElementById(MAIN_CONTENT.id)),
    );
  });
});

describe("a list's search, sort and page, kept in its address", () => {
  const answer = ({ url }: { url: string }) =>
    url.startsWith('/api/contacts?')
      ? { body: Array.from({ length: 25 }, (_, i) => contact(i + 26)), total: 60 }
      : undefined;
  const listAsked = (sent: { url: string }[]) =>
    new URL(sent.filter((r) => r.url.startsWith('/api/contacts?')).at(-1)?.url ?? '', 'http://x')
      .searchParams;
  const address = () => screen.getByTestId('location').textContent;

  it('shows the list the address names (Back from a record, a reload), leaving out a sort the list has not', async () => {
    const view = renderPage(<ContactsPage />, {
      url: '/contacts?q=person&sort=-name&page=2',
      answer,
    });
    expect(await screen.findByText('Person 26')).toBeTruthy();
    expect(screen.getByRole('searchbox')).toHaveProperty('value', 'person');
    const asked = listAsked(view.sent);
    expect([asked.get('q'), asked.get('sort'), asked.get('offset')]).toEqual([
      'person',
      '-name',
      '25',
    ]);
    view.unmount();

    const other = renderPage(<ContactsPage />, { url: '/contacts?sort=city&page=x', answer });
    expect(await screen.findByText('Person 26')).toBeTruthy();
    expect([listAsked(other.sent).get('sort'), listAsked(other.sent).get('offset')]).toEqual([
      null,
      '0',
    ]);
    other.unmount();

    // A page past any the API serves (an old bookmark, a typo) is asked as the furthest it does.
    const far = renderPage(<ContactsPage />, { url: '/contacts?page=99999999999', answer });
    expect(await screen.findByText('Person 26')).toBeTruthy();
    expect(Number(listAsked(far.sent).get('offset'))).toBeLessThanOrEqual(2_147_483_647);
  });

  it('writes a new search and sort to the address, each starting on page 1', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<ContactsPage />, { url: '/contacts?page=2', answer });
    await user.type(await screen.findByRole('searchbox'), 'ada');
    await waitFor(() => expect(address()).toBe('/contacts?q=ada'));
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(address()).toBe('/contacts?q=ada&sort=name'));
    await user.click(await screen.findByRole('button', { name: '2' }));
    await waitFor(() => expect(address()).toBe('/contacts?q=ada&sort=name&page=2'));
  });

  it('says a search is too long rather than asking the list for it, and asks once it is not', async () => {
    const user = userEvent.setup({ delay: null });
    const view = renderPage(<ContactsPage />, { url: '/contacts?q=ada', answer });
    expect(await screen.findByText('Person 26')).toBeTruthy();
    const box = screen.getByRole('searchbox');
    await user.clear(box);
    await user.click(box);
    await user.paste('x'.repeat(SEARCH_TEXT_MAX + 1));
    expect(await screen.findByText(SEARCH_TOO_LONG)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    // Typing pauses: the list and the address keep the last search it took.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(view.sent.some((request) => request.url.includes('xxxx'))).toBe(false);
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(listAsked(view.sent).get('q')).toBe('x'.repeat(SEARCH_TEXT_MAX)));
    expect(screen.queryByText(SEARCH_TOO_LONG)).toBeNull();
  });

  it('counts a search by its characters, as the server does: an emoji is one', async () => {
    const user = userEvent.setup({ delay: null });
    const view = renderPage(<ContactsPage />, { url: '/contacts', answer });
    const box = await screen.findByRole('searchbox');
    await user.click(box);
    await user.paste('🌱'.repeat(SEARCH_TEXT_MAX));
    await waitFor(() => expect(listAsked(view.sent).get('q')).toBe('🌱'.repeat(SEARCH_TEXT_MAX)));
    expect(screen.queryByText(SEARCH_TOO_LONG)).toBeNull();
  });
});

describe("a list's status, for a screen reader", () => {
  it('says what a search found once it has come, and nothing while it is on its way', async () => {
    const user = userEvent.setup({ delay: null });
    const searched = slowAnswer();
    renderPage(<ContactsPage />, {
      url: '/contacts',
      answer: ({ url }) => {
        if (!url.startsWith('/api/contacts?')) return undefined;
        const q = new URL(url, 'http://x').searchParams.get('q');
        if (!q) return { body: [contact(1), contact(2)], total: 2 };
        return { body: [], total: 0, after: searched.answered };
      },
    });
    const status = await screen.findByText('1–2 of 2', { selector: '[role="status"]' });

    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'Zed');
    // Typed, then asked: the rows of before stay on screen, and the status says nothing of them.
    await waitFor(() => expect(status.textContent).toBe(''));
    expect(screen.getByText('Person 1')).toBeTruthy();

    searched.answer();
    await waitFor(() => expect(status.textContent).toBe('No contacts match your search'));
    // Still the same element: a status put in place with its text is not read out.
    expect(screen.getByText('No contacts match your search', { selector: '[role="status"]' })).toBe(
      status,
    );
  });
});
