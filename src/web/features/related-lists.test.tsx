import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import GrantDetailPage from '../app/routes/grant-detail-page.tsx';
import { stamps } from '../test/records.ts';
import { byPath, renderPage, type SentRequest } from '../test/render.tsx';
import { OrganizationContactsCard } from './contacts/components/organization-contacts-card.tsx';
import ContactsPage from './contacts/contacts-page.tsx';
import { StageDialog } from './grants/components/grant-stage-dialog.tsx';
import { OrganizationGrantsCard } from './grants/components/organization-grants-card.tsx';
import GrantsPage from './grants/grants-page.tsx';
import { ContactInteractionsCard } from './interactions/components/contact-interactions-card.tsx';
import InteractionsPage from './interactions/interactions-page.tsx';

const contacts = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Person ${i + 1}`,
    email: `person${i + 1}@harvest.org`,
    phone: null,
    organization: 'Harvest Foundation',
    notes: null,
    ...stamps,
  }));
const grants = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Grant ${i + 1}`,
    funder: 'Harvest Foundation',
    amount: 1000,
    dueDate: '2027-03-01T10:00:00.000Z',
    status: 'draft',
    notes: null,
    documentUrl: null,
    ...stamps,
  }));
const interactions = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    contactId: 7,
    contactName: 'Hal Harvest',
    type: 'call',
    notes: `Call ${i + 1}`,
    date: '2026-05-04T09:30:00.000Z',
    ...stamps,
  }));

/** The addresses of the GET requests sent to `path`, with their queries. */
const gets = (sent: SentRequest[], path: string) =>
  sent.filter((r) => r.method === 'GET' && r.url.split('?')[0] === path).map((r) => r.url);

interface RelatedCard {
  card: ReactNode;
  api: string;
  rows: (count: number) => unknown[];
  /** What the card asks for: the filter and at most ten rows. */
  asks: string;
  viewAll: string;
}

const cards: Record<string, RelatedCard> = {
  'organization contacts': {
    card: <OrganizationContactsCard organization="Harvest Foundation" />,
    api: '/api/contacts',
    rows: contacts,
    asks: '/api/contacts?organization=Harvest+Foundation&limit=10',
    viewAll: '/contacts?organization=Harvest+Foundation',
  },
  'organization grants': {
    card: <OrganizationGrantsCard organization="Harvest Foundation" />,
    api: '/api/grants',
    rows: grants,
    asks: '/api/grants?funder=Harvest+Foundation&limit=10',
    viewAll: '/grants?funder=Harvest+Foundation',
  },
  "a contact's interactions": {
    card: <ContactInteractionsCard contactId={7} />,
    api: '/api/interactions',
    rows: interactions,
    asks: '/api/interactions?contactId=7&limit=10',
    viewAll: '/interactions?contactId=7',
  },
};

describe.each(Object.entries(cards))('the card of %s', (_name, related) => {
  it('shows ten, says how many there are, and links to all of them', async () => {
    const { sent } = renderPage(related.card, {
      answer: byPath({ [related.api]: { body: related.rows(10), total: 57 } }),
    });
    expect(await screen.findByText('Showing 10 of 57')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all 57' }).getAttribute('href')).toBe(
      related.viewAll,
    );
    expect(gets(sent, related.api)).toEqual([related.asks]);
  });

  it('says nothing more when it shows them all', async () => {
    renderPage(related.card, {
      answer: byPath({ [related.api]: { body: related.rows(3), total: 3 } }),
    });
    await waitFor(() => expect(screen.queryByText(/Loading/)).toBeNull());
    await screen.findAllByRole(related.api === '/api/contacts' ? 'link' : 'button');
    expect(screen.queryByText(/Showing/)).toBeNull();
    expect(screen.queryByRole('link', { name: /View all/ })).toBeNull();
  });
});

describe("a related record's details", () => {
  it('show the record as the card has it now: changed since it opened, or gone', async () => {
    let rows = interactions(3);
    let total = 3;
    const { queryClient } = renderPage(<ContactInteractionsCard contactId={7} />, {
      answer: ({ url }) =>
        url.startsWith('/api/interactions') ? { body: rows, total } : undefined,
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Call 2/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Interaction Details' });
    expect(within(dialog).getByText('Call 2')).toBeTruthy();

    // Edited elsewhere (its page, another tab): the card's list is refreshed, and so is it.
    rows = rows.map((row) => (row.id === 2 ? { ...row, notes: 'Call 2, budget agreed' } : row));
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(within(dialog).getByText('Call 2, budget agreed')).toBeTruthy());

    // No longer among the card's first, others coming before it: it is shown as it was.
    const kept = rows;
    rows = [...interactions(12).slice(3), ...kept].slice(0, 10);
    total = 12;
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(screen.queryByText('Showing 10 of 12')).toBeTruthy());
    expect(within(dialog).getByText('Call 2, budget agreed')).toBeTruthy();

    // Deleted, the card showing every one of them: it is no longer shown.
    rows = kept.filter((row) => row.id !== 2);
    total = rows.length;
    await act(() => queryClient.invalidateQueries());
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Interaction Details' })).toBeNull(),
    );
  });
});

interface FilteredList {
  page: ReactNode;
  url: string;
  api: string;
  rows: unknown[];
  /** The list's request, filtered. */
  asks: RegExp;
  chip: string;
  list: string;
  /** What else the page asks for (the contact a filter names). */
  also?: Record<string, { body: unknown }>;
}

const lists: Record<string, FilteredList> = {
  contacts: {
    page: <ContactsPage />,
    url: '/contacts?organization=Harvest+Foundation',
    api: '/api/contacts',
    rows: contacts(2),
    asks: /^\/api\/contacts\?.*organization=Harvest\+Foundation/,
    chip: 'Organization: Harvest Foundation',
    list: '/contacts',
  },
  grants: {
    page: <GrantsPage />,
    url: '/grants?funder=Harvest+Foundation',
    api: '/api/grants',
    rows: grants(2),
    asks: /^\/api\/grants\?.*funder=Harvest\+Foundation/,
    chip: 'Funder: Harvest Foundation',
    list: '/grants',
    also: { '/api/grants/pipeline': { body: [] } },
  },
  interactions: {
    page: <InteractionsPage />,
    url: '/interactions?contactId=7',
    api: '/api/interactions',
    rows: interactions(2),
    asks: /^\/api\/interactions\?.*contactId=7/,
    chip: 'Contact: Hal Harvest',
    list: '/interactions',
    also: {
      '/api/contacts/7': {
        body: { id: 7, name: 'Hal Harvest', email: 'hal@harvest.org', companyId: 1 },
      },
    },
  },
};

describe.each(Object.entries(lists))('the %s list', (_name, filtered) => {
  it('reads its filter from the address, shows it, and clears it', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = renderPage(filtered.page, {
      url: filtered.url,
      answer: byPath({
        [filtered.api]: { body: filtered.rows, total: filtered.rows.length },
        ...filtered.also,
      }),
    });
    const chip = await screen.findByText(filtered.chip);
    await waitFor(() =>
      expect(gets(sent, filtered.api).some((r) => filtered.asks.test(r))).toBe(true),
    );
    expect(gets(sent, filtered.api).every((r) => filtered.asks.test(r))).toBe(true);

    const filter = chip.closest('[data-list-filter]');
    if (!(filter instanceof HTMLElement)) throw new Error('no filter around the chip');
    await user.click(within(filter).getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(filtered.list));
    expect(screen.queryByText(filtered.chip)).toBeNull();
    await waitFor(() =>
      expect(gets(sent, filtered.api).some((r) => !filtered.asks.test(r))).toBe(true),
    );
  });
});

describe('the interactions list opened with a contact that is no id', () => {
  it.each(['abc', '-1', '0'])('?contactId=%s filters nothing, and shows no filter', async (id) => {
    const { sent } = renderPage(<InteractionsPage />, {
      url: `/interactions?contactId=${id}`,
      answer: byPath({ '/api/interactions': { body: interactions(2), total: 2 } }),
    });
    await waitFor(() => expect(gets(sent, '/api/interactions').length).toBeGreaterThan(0));
    expect(gets(sent, '/api/interactions').every((r) => !r.includes('contactId'))).toBe(true);
    expect(await screen.findAllByRole('row')).not.toHaveLength(0);
    expect(screen.queryByText(/^Contact:/)).toBeNull();
    expect(screen.queryByText('Interactions could not be loaded')).toBeNull();
  });
});

describe("a grant's page", () => {
  it('puts the tasks before the contacts of the funder', async () => {
    renderPage(<GrantDetailPage />, {
      url: '/grants/4',
      path: '/grants/:id',
      answer: byPath({
        '/api/grants/4': { body: { ...grants(1)[0], id: 4 } },
        '/api/grants/4/tasks': { body: [] },
        '/api/contacts': { body: contacts(10), total: 57 },
      }),
    });
    const tasks = await screen.findByRole('heading', { name: 'Grant Tasks' });
    const people = await screen.findByRole('heading', { name: 'Organization Contacts' });
    expect(tasks.compareDocumentPosition(people) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByText('Showing 10 of 57')).toBeTruthy();
  });
});

describe("a pipeline stage's dialog", () => {
  it('links each grant to its page, and past the first 200 says how many and links to all', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = renderPage(<StageDialog status="draft" onClose={() => {}} />, {
      answer: byPath({ '/api/grants': { body: grants(200), total: 250 } }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Draft grants' });
    expect(gets(sent, '/api/grants')).toEqual(['/api/grants?status=draft&sort=dueDate&limit=200']);
    expect(await within(dialog).findByText('Showing 200 of 250')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'View all 250' }).getAttribute('href')).toBe(
      '/grants?status=draft',
    );
    await user.click(within(dialog).getByRole('link', { name: 'Grant 7' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/grants/7'));
  });
  it('says its grants could not be read, with Try again, never that the stage has none', async () => {
    const user = userEvent.setup({ delay: null });
    const answers: Record<string, { status?: number; body: unknown; total?: number }> = {
      '/api/grants': { status: 500, body: { message: 'Database unavailable' } },
    };
    renderPage(<StageDialog status="submitted" onClose={() => {}} />, { answer: byPath(answers) });
    const dialog = await screen.findByRole('dialog', { name: 'Submitted grants' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The grants could not be loaded');
    expect(alert.textContent).toContain('Database unavailable');
    expect(within(dialog).queryByText('No grants in this stage')).toBeNull();

    answers['/api/grants'] = { body: grants(2), total: 2 };
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('link', { name: 'Grant 2' })).toBeTruthy();
  });
});

describe("a related card's details dialog", () => {
  it('is an entry of the history: Back closes it, Forward opens it again, its Close goes back', async () => {
    const user = userEvent.setup({ delay: null });
    const moves: { go?: NavigateFunction } = {};
    function HistoryMoves() {
      moves.go = useNavigate();
      return null;
    }
    renderPage(
      <>
        <ContactInteractionsCard contactId={7} />
        <HistoryMoves />
      </>,
      {
        url: '/contacts/7',
        answer: byPath({ '/api/interactions': { body: interactions(3), total: 3 } }),
      },
    );
    await user.click(await screen.findByRole('button', { name: /Call 2/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Interaction Details' });
    expect(within(dialog).getByText('Call 2')).toBeTruthy();

    await act(async () => moves.go?.(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/contacts/7');
    await act(async () => moves.go?.(1));
    const again = await screen.findByRole('dialog', { name: 'Interaction Details' });
    expect(within(again).getByText('Call 2')).toBeTruthy();

    await user.click(within(again).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Closed, it went back its entry: Forward would open it again, nothing is left behind.
    await act(async () => moves.go?.(-1));
    expect(screen.getByTestId('location').textContent).toBe('/contacts/7');
  });
});
