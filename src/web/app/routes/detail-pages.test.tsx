import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { stamps } from '../../test/records.ts';
import {
  byPath,
  expectOpenUntilSaved,
  fill,
  renderPage,
  type SentRequest,
  slowAnswer,
} from '../../test/render.tsx';

// The dialogs load when first opened: loaded here, before the tests, so no test waits on it.
import '../../features/contacts/components/contact-dialog.tsx';
import '../../features/grants/components/grant-dialog.tsx';
import '../../features/interactions/components/interaction-dialog.tsx';
import '../../features/opportunities/components/opportunity-dialog.tsx';
import '../../components/confirm-dialog.tsx';
import ContactDetailPage from './contact-detail-page.tsx';
import FunderDetailPage from './funder-detail-page.tsx';
import GrantDetailPage from './grant-detail-page.tsx';
import InteractionDetailPage from './interaction-detail-page.tsx';
import OpportunityDetailPage from './opportunity-detail-page.tsx';

// Each test renders a whole page and opens its dialogs: on a machine shared with other work,
// the first of them (which loads every module the pages use) takes longer than the default.
vi.setConfig({ testTimeout: 45_000 });

const contact = {
  id: 7,
  name: 'Grace Hopper',
  email: 'grace@navy.org',
  phone: null,
  organization: 'Navy Trust',
  notes: null,
  ...stamps,
};
const grant = {
  id: 4,
  name: 'Literacy for All',
  funder: 'Navy Trust',
  amount: 25000,
  dueDate: '2027-03-01T10:00:00.000Z',
  status: 'draft',
  notes: null,
  documentUrl: null,
  awardedAmount: null,
  awardedDate: null,
  periodStart: null,
  periodEnd: null,
  ...stamps,
};
const interaction = {
  id: 3,
  contactId: 7,
  contactName: 'Grace Hopper',
  type: 'call',
  notes: 'Talked about the literacy grant',
  date: '2026-05-04T09:30:00.000Z',
  ...stamps,
};
const opportunity = {
  id: 2,
  name: 'Spring Gala',
  organization: 'Navy Trust',
  amount: 5000,
  stage: 'proposal',
  expectedCloseDate: '2027-01-15T10:00:00.000Z',
  probability: 40,
  notes: null,
  ...stamps,
};

/**
 * What an edit sends of a record: its own fields, not its id, its company, its contact's name,
 * or when and by whom it was made.
 */
function fieldsOf(record: Record<string, unknown>) {
  const {
    id: _id,
    companyId: _companyId,
    contactName: _contactName,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    createdBy: _createdBy,
    ...fields
  } = record;
  return fields;
}

/** What every detail page may ask for besides its record: the related cards' lists. */
const related = {
  '/api/contacts': { body: [contact], total: 1 },
  '/api/grants': { body: [grant], total: 1 },
  '/api/interactions': { body: [interaction], total: 1 },
  '/api/grants/4/tasks': { body: [] },
  '/api/contacts/7': { body: contact },
};

interface DetailPage {
  page: ReactNode;
  url: string;
  record: unknown;
  heading: string;
  /** The field changed in the edit dialog: its value before and after, and what is sent. */
  edit: {
    dialog: string;
    field: string;
    value: string;
    changed: string;
    save: string;
    notice: string;
    sent: Record<string, unknown>;
  };
  remove: { dialog: string; question: RegExp; notice: string; list: string };
}

const pages: Record<string, DetailPage> = {
  contact: {
    page: <ContactDetailPage />,
    url: '/api/contacts/7',
    record: contact,
    heading: 'Grace Hopper',
    edit: {
      dialog: 'Edit Contact',
      field: 'Name',
      value: 'Grace Hopper',
      changed: 'Grace B. Hopper',
      save: 'Update Contact',
      notice: 'Contact updated successfully',
      sent: { ...fieldsOf(contact), name: 'Grace B. Hopper' },
    },
    remove: {
      dialog: 'Delete contact',
      question: /Delete Grace Hopper\? Their interactions will be deleted too/,
      notice: 'Contact deleted successfully',
      list: '/contacts',
    },
  },
  grant: {
    page: <GrantDetailPage />,
    url: '/api/grants/4',
    record: grant,
    heading: 'Literacy for All',
    edit: {
      dialog: 'Edit Grant',
      field: 'Name',
      value: 'Literacy for All',
      changed: 'Literacy for Everyone',
      save: 'Update Grant',
      notice: 'Grant updated successfully',
      sent: { ...fieldsOf(grant), name: 'Literacy for Everyone' },
    },
    remove: {
      dialog: 'Delete grant',
      question: /Delete Literacy for All\? Its tasks and requirements will be deleted too/,
      notice: 'Grant deleted successfully',
      list: '/grants',
    },
  },
  interaction: {
    page: <InteractionDetailPage />,
    url: '/api/interactions/3',
    record: interaction,
    heading: 'Interaction Details',
    edit: {
      dialog: 'Edit Interaction',
      field: 'Notes',
      value: 'Talked about the literacy grant',
      changed: 'Agreed to apply for the literacy grant',
      save: 'Update Interaction',
      notice: 'Interaction updated successfully',
      sent: { ...fieldsOf(interaction), notes: 'Agreed to apply for the literacy grant' },
    },
    remove: {
      dialog: 'Delete interaction',
      question: /Delete this call with Grace Hopper\?/,
      notice: 'Interaction deleted successfully',
      list: '/interactions',
    },
  },
  opportunity: {
    page: <OpportunityDetailPage />,
    url: '/api/opportunities/2',
    record: opportunity,
    heading: 'Spring Gala',
    edit: {
      dialog: 'Edit Opportunity',
      field: 'Name',
      value: 'Spring Gala',
      changed: 'Spring Gala 2027',
      save: 'Update Opportunity',
      notice: 'Opportunity updated successfully',
      sent: { ...fieldsOf(opportunity), name: 'Spring Gala 2027' },
    },
    remove: {
      dialog: 'Delete opportunity',
      question: /Delete Spring Gala\? This cannot be undone/,
      notice: 'Opportunity deleted successfully',
      list: '/opportunities',
    },
  },
};

/**
 * Opens the page of `record` as the router would: /contacts/7 for /api/contacts/7. The stand-in
 * server keeps the record: a PATCH changes what it answers next.
 */
function openPage({ page, url, record }: DetailPage, queryClient = createQueryClient()) {
  const route = url.replace(/^\/api/, '');
  let kept = record;
  const others = byPath(related);
  const answer = (request: SentRequest) => {
    if (request.url !== url) return others(request);
    if (request.method === 'PATCH') kept = { ...(kept as object), ...(request.body as object) };
    return { body: kept };
  };
  return renderPage(page, { url: route, path: route.replace(/\d+$/, ':id'), queryClient, answer })
    .sent;
}

const location = () => screen.getByTestId('location').textContent;

describe.each(Object.entries(pages))('the %s page', (_kind, detail) => {
  it('edits the record in the dialog the list uses, prefilled, and shows the change', async () => {
    const { edit } = detail;
    const user = userEvent.setup({ delay: null });
    const requests = openPage(detail);
    await screen.findByRole('heading', { name: detail.heading, level: 1 });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: edit.dialog });
    const field = within(dialog).getByLabelText(edit.field, { exact: false });
    expect(field).toHaveProperty('value', edit.value);

    await fill(user, field, edit.changed);
    await user.click(within(dialog).getByRole('button', { name: edit.save }));
    expect(await screen.findByText(edit.notice)).toBeTruthy();
    // At the version the page read: refused if someone else has changed it since.
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([
      { method: 'PATCH', url: detail.url, body: edit.sent, ifMatch: `"${stamps.updatedAt}"` },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(edit.changed)).toBeTruthy();
  });

  /**
   * Opens the page (its list's first page in the cache, as after coming from the list) and
   * presses Delete: the question, the requests made so far, and the cached list page.
   */
  async function askToDelete() {
    const user = userEvent.setup({ delay: null });
    const queryClient = createQueryClient();
    const listPage = [detail.url.replace(/\/\d+$/, ''), 'list', { limit: 25, offset: 0 }];
    queryClient.setQueryData(listPage, { items: [detail.record], total: 1 });
    const requests = openPage(detail, queryClient);
    const cachedList = () => queryClient.getQueryData(listPage);
    await screen.findByRole('heading', { name: detail.heading, level: 1 });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: detail.remove.dialog });
    const deletes = () => requests.filter((r) => r.method === 'DELETE').map((r) => r.url);
    return { user, confirm, deletes, cachedList };
  }

  it('deletes the record after asking, says so, and goes back to the list', async () => {
    const { user, confirm, deletes, cachedList } = await askToDelete();
    expect(confirm.textContent).toMatch(detail.remove.question);
    expect(deletes()).toEqual([]);

    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(detail.remove.notice)).toBeTruthy();
    await waitFor(() => expect(location()).toBe(detail.remove.list));
    expect(deletes()).toEqual([detail.url]);
    // The list opens asking afresh, never showing the deleted record from its cache.
    expect(cachedList()).toBeUndefined();
  });

  it('asks before deleting: Cancel deletes nothing and stays', async () => {
    const { user, confirm, deletes, cachedList } = await askToDelete();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toEqual([]);
    expect(location()).toBe(detail.url.replace(/^\/api/, ''));
    expect(cachedList()).toBeDefined();
  });
});

describe('the contact page', () => {
  it('keeps the edit dialog open while it saves, and closes it once saved', async () => {
    const user = userEvent.setup({ delay: null });
    const { answered, answer } = slowAnswer();
    const others = byPath(related);
    renderPage(<ContactDetailPage />, {
      url: '/contacts/7',
      path: '/contacts/:id',
      answer: (request) =>
        request.url !== '/api/contacts/7'
          ? others(request)
          : request.method === 'PATCH'
            ? { body: { ...contact, notes: 'Met at the fair' }, after: answered }
            : { body: contact },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Contact' });
    await fill(user, within(dialog).getByLabelText('Notes', { exact: false }), 'Met at the fair');
    await user.click(within(dialog).getByRole('button', { name: 'Update Contact' }));
    // Escape and the close button leave it open: closed and opened again, the dialog would be
    // closed by this save under whatever was typed since.
    await expectOpenUntilSaved(user, dialog, answer, 'Contact updated successfully');
  });

  it('logs an interaction with the contact already chosen', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = openPage(pages.contact as DetailPage);
    await screen.findByRole('heading', { name: 'Grace Hopper', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Log Interaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log Interaction' });
    await waitFor(() =>
      // Labelled as the list of contacts labels her.
      expect(within(dialog).getByRole('combobox', { name: 'Contact' })).toHaveProperty(
        'value',
        'Grace Hopper (Navy Trust)',
      ),
    );
    await user.click(within(dialog).getByLabelText('Notes', { exact: false }));
    await user.paste('Follow-up call');
    await user.click(within(dialog).getByRole('button', { name: 'Log Interaction' }));
    expect(await screen.findByText('Interaction created successfully')).toBeTruthy();
    const posted = requests.find((r) => r.method === 'POST' && r.url === '/api/interactions');
    expect(posted?.body).toMatchObject({
      contactId: 7,
      notes: 'Follow-up call',
    });
  });
});

describe('the funder page', () => {
  const navyTrust = {
    id: 11,
    name: 'Navy Trust',
    type: null,
    website: null,
    notes: null,
    grantCount: 1,
    opportunityCount: 1,
    contactCount: 1,
    ...stamps,
    requestedTotal: 25000,
    awardedTotal: 0,
    awardedCount: 0,
    rejectedCount: 0,
    winRate: null,
    contacts: [contact],
    grants: [grant],
    opportunities: [opportunity],
    interactions: [interaction],
    deadlines: [],
  };

  it('counts its grants in the right number', async () => {
    for (const [grantCount, figures] of [
      [1, '1 grant · 0 awarded · 0 rejected'],
      [2, '2 grants · 0 awarded · 0 rejected'],
    ] as const) {
      const view = renderPage(<FunderDetailPage />, {
        url: '/funders/11',
        path: '/funders/:id',
        answer: byPath({ '/api/funders/11': { body: { ...navyTrust, grantCount } } }),
      });
      expect(await screen.findByText(figures)).toBeTruthy();
      // Its upcoming deadlines start from the reader's day, as the dashboard's do.
      const asked = view.sent.find((request) => request.url.startsWith('/api/funders/11'));
      expect(asked?.url).toBe(
        `/api/funders/11?tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`,
      );
      view.unmount();
    }
  });
});
