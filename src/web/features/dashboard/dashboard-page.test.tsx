import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../domain/dashboard.ts';
import { stamps } from '../../test/records.ts';
import { byPath, renderPage } from '../../test/render.tsx';
import DashboardPage from './dashboard-page.tsx';

const task = (id: number, name: string, dueDate: string) => ({
  id,
  grantId: 40 + id,
  grantName: `Grant ${id}`,
  name,
  description: `About ${name}`,
  category: 'research' as const,
  dueDate,
  status: 'pending' as const,
  assigneeId: null,
  assigneeName: null,
  ...stamps,
});

const dashboard = (changes: Partial<Dashboard>): Dashboard => ({
  totalContacts: 3,
  totalInteractions: 2,
  activeGrants: 1,
  upcomingDeadlines: [],
  recentInteractions: [],
  tasksDueSoon: { items: [], total: 0 },
  overdueTasks: { items: [], total: 0 },
  requirementsDue: [],
  requirementsDueTotal: 0,
  ...changes,
});

const section = async (name: string) => screen.findByRole('region', { name });

describe('the dashboard', () => {
  it('lists the tasks due soon and the overdue ones, each with its grant and calendar links', async () => {
    const { sent } = renderPage(<DashboardPage />, {
      answer: byPath({
        '/api/dashboard': {
          body: dashboard({
            tasksDueSoon: {
              items: [task(1, 'Call the officer', '2026-06-03T10:00:00.000Z')],
              total: 1,
            },
            overdueTasks: {
              items: [task(2, 'Send the budget', '2026-05-01T10:00:00.000Z')],
              total: 1,
            },
          }),
        },
      }),
    });

    const dueSoon = await section('Tasks Due in the Next 14 Days');
    expect(within(dueSoon).getByText('Call the officer')).toBeTruthy();
    expect(within(dueSoon).getByRole('link', { name: 'Grant 1' }).getAttribute('href')).toBe(
      '/grants/41',
    );
    expect(within(dueSoon).getByText('June 3, 2026')).toBeTruthy();
    expect(
      within(dueSoon)
        .getByRole('link', { name: /Add to Google Calendar/ })
        .getAttribute('href'),
    ).toContain('text=Call+the+officer+%28Grant+1%29');

    const overdue = await section('Overdue Tasks');
    expect(within(overdue).getByText('Send the budget')).toBeTruthy();
    expect(within(overdue).getByRole('link', { name: 'Grant 2' }).getAttribute('href')).toBe(
      '/grants/42',
    );
    expect(within(overdue).getByRole('button', { name: /Download \.ics/ })).toBeTruthy();
    // Each list shows all its tasks: no count, no link to the board.
    expect(screen.queryByText(/Showing/)).toBeNull();
    // The days are the user's: the browser's time zone goes with the request.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(sent.map((r) => r.url)).toContain(`/api/dashboard?tz=${encodeURIComponent(zone)}`);
    // The spec's cards stay as they were.
    expect(screen.getByText('No upcoming grant deadlines')).toBeTruthy();
    expect(screen.getByText('No recent interactions')).toBeTruthy();
  });

  it('says when there is no task due or overdue', async () => {
    renderPage(<DashboardPage />, {
      answer: byPath({ '/api/dashboard': { body: dashboard({}) } }),
    });
    expect(
      within(await section('Tasks Due in the Next 14 Days')).getByText(
        'No tasks due in the next 14 days',
      ),
    ).toBeTruthy();
    expect(within(await section('Overdue Tasks')).getByText('No overdue tasks')).toBeTruthy();
  });

  it('says how many tasks a cut-short list leaves out, and leads to the board', async () => {
    const tasks = (name: string) =>
      Array.from({ length: 10 }, (_, i) =>
        task(i + 1, `${name} ${i + 1}`, '2026-05-01T10:00:00.000Z'),
      );
    renderPage(<DashboardPage />, {
      answer: byPath({
        '/api/dashboard': {
          body: dashboard({
            overdueTasks: { items: tasks('Late task'), total: 23 },
            tasksDueSoon: { items: tasks('Next task'), total: 12 },
          }),
        },
      }),
    });
    const boardLink = (list: HTMLElement) =>
      within(list).getByRole('link', { name: 'Open the Tasks Board' }).getAttribute('href');

    // The overdue ones: the board shows just them.
    const overdue = await section('Overdue Tasks');
    expect(within(overdue).getByText('Showing 10 of 23')).toBeTruthy();
    expect(boardLink(overdue)).toBe('/tasks?due=overdue');
    // The board has no window of 14 days: the whole board.
    const dueSoon = await section('Tasks Due in the Next 14 Days');
    expect(within(dueSoon).getByText('Showing 10 of 12')).toBeTruthy();
    expect(boardLink(dueSoon)).toBe('/tasks');
  });

  it('lists the requirements due, each leading to its grant, the late ones marked Overdue', async () => {
    const requirement = (id: number, name: string, dueDate: string) => ({
      id,
      grantId: 50 + id,
      grantName: `Grant ${id}`,
      name,
      type: 'interim_report' as const,
      dueDate,
      status: 'pending' as const,
      assigneeId: null,
      notes: null,
      ...stamps,
    });
    const day = 86_400_000;
    renderPage(<DashboardPage />, {
      answer: byPath({
        '/api/dashboard': {
          body: dashboard({
            requirementsDue: [
              requirement(1, 'Late report', new Date(Date.now() - 3 * day).toISOString()),
              requirement(2, 'Next report', new Date(Date.now() + 3 * day).toISOString()),
            ],
            requirementsDueTotal: 12,
          }),
        },
      }),
    });
    const due = await section('Grant Requirements Due');
    const items = within(due).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: 'Late report' })
        .getAttribute('href'),
    ).toBe('/grants/51');
    expect(within(items[0] as HTMLElement).getByText('Interim report · Grant 1')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Overdue')).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByText('Overdue')).toBeNull();
    expect(
      within(due).getByText(
        "Showing 2 of 12, the soonest due: each grant's page lists all of its own",
      ),
    ).toBeTruthy();
  });

  it("switches the task lists to the user's own tasks, in the address and on the board's links", async () => {
    const user = userEvent.setup();
    const mine = task(3, 'My late task', '2026-05-01T10:00:00.000Z');
    const { sent } = renderPage(<DashboardPage />, {
      answer: ({ url }) =>
        url.startsWith('/api/dashboard')
          ? {
              body: dashboard(
                url.includes('assignee=me')
                  ? { overdueTasks: { items: [mine], total: 11 } }
                  : { overdueTasks: { items: [], total: 0 } },
              ),
            }
          : undefined,
    });
    const all = await screen.findByRole('button', { name: 'All tasks' });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    expect(within(await section('Overdue Tasks')).getByText('No overdue tasks')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'My tasks' }));
    const overdue = await section('Overdue Tasks');
    expect(await within(overdue).findByText('My late task')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'My tasks' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByTestId('location').textContent).toBe('/?assignee=me');
    expect(sent.some((r) => /^\/api\/dashboard\?.*assignee=me/.test(r.url))).toBe(true);
    expect(
      within(overdue).getByRole('link', { name: 'Open the Tasks Board' }).getAttribute('href'),
    ).toBe('/tasks?due=overdue&assignee=me');
  });

  it("opens on the user's own tasks when the address says so", async () => {
    const { sent } = renderPage(<DashboardPage />, {
      url: '/?assignee=me',
      answer: byPath({ '/api/dashboard': { body: dashboard({}) } }),
    });
    expect(
      (await screen.findByRole('button', { name: 'My tasks' })).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(sent.map((r) => r.url).filter((url) => url.startsWith('/api/dashboard'))).toEqual([
      expect.stringContaining('assignee=me'),
    ]);
  });
});
