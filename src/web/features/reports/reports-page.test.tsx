import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { grantStatuses } from '../../../domain/grant-constants.ts';
import type { Reports } from '../../../domain/reports.ts';
import { byPath, renderPage } from '../../test/render.tsx';
import ReportsPage from './reports-page.tsx';

/** A new organization's reports: every month, week and status there, with nothing in it. */
const nothingYet: Reports = {
  year: 2030,
  thisYear: 2030,
  byStatus: grantStatuses.map((status) => ({ status, count: 0, requested: 0, awarded: 0 })),
  byYear: [],
  byFunder: [],
  awardedByMonth: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, awarded: 0 })),
  deadlinesByWeek: Array.from({ length: 8 }, (_, i) => ({
    weekStart: `2030-01-${String(7 * i + 1).padStart(2, '0')}`,
    grants: 0,
    tasks: 0,
    requirements: 0,
  })),
};

describe('the Reports page of an organization with nothing yet', () => {
  it('says each table is empty rather than showing rows of zeros', async () => {
    renderPage(<ReportsPage />, {
      url: '/reports',
      answer: byPath({ '/api/reports': { body: nothingYet } }),
    });
    expect(await screen.findByText('Nothing awarded yet')).toBeTruthy();
    expect(screen.getByText('No deadlines ahead')).toBeTruthy();
    expect(screen.getAllByText('No grants yet').length).toBeGreaterThanOrEqual(3);
    expect(screen.queryByText('$0')).toBeNull();
  });
});

/** The Reports page of an organization whose reports are nothingYet's but for `changes`. */
const renderReports = (changes: Partial<Reports>) =>
  renderPage(<ReportsPage />, {
    url: '/reports',
    answer: byPath({ '/api/reports': { body: { ...nothingYet, ...changes } } }),
  });

describe('the Reports page with grants', () => {
  it('names each table by its title, for a screen reader to tell them apart', async () => {
    renderReports({
      byStatus: nothingYet.byStatus.map((row) => ({ ...row, count: 1, requested: 10 })),
      byYear: [
        { year: 2030, requested: 10, awarded: 0, awardedCount: 0, decidedCount: 0, winRate: null },
      ],
    });
    expect(await screen.findByRole('table', { name: 'Grants by Status' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'By Year Due' })).toBeTruthy();
  });
});

describe("the Reports page's bars", () => {
  it('measure requested and awarded against the largest of either: an award larger than the ask stays in its cell', async () => {
    renderReports({
      byYear: [
        {
          year: 2030,
          requested: 100,
          awarded: 150,
          awardedCount: 1,
          decidedCount: 1,
          winRate: 1,
        },
      ],
    });
    const table = await screen.findByRole('table', { name: 'By Year Due' });
    const widths = [...table.querySelectorAll<HTMLElement>('[style*="width"]')].map(
      (bar) => bar.style.width,
    );
    // Requested, Awarded, and the win rate's.
    expect(widths).toEqual(['67%', '100%', '100%']);
  });
});

describe("the Reports page on New Year's Eve in Los Angeles, opened in Berlin", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it("opens on the year it still is where the organization is, not the browser's", async () => {
    vi.stubEnv('TZ', 'Europe/Berlin');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2028-01-01T07:30:00Z'));
    // The server counts the year on the organization's clock (Los Angeles): still 2027.
    const { sent } = renderPage(<ReportsPage />, {
      url: '/reports',
      answer: byPath({ '/api/reports': { body: { ...nothingYet, year: 2027, thisYear: 2027 } } }),
    });
    expect(await screen.findByText('Nothing awarded yet')).toBeTruthy();
    expect(
      sent.map((request) => request.url).filter((url) => url.startsWith('/api/reports')),
    ).toEqual(['/api/reports']);
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveProperty('value', '2027');
  });

  it("keeps the organization's year a choice once another year is shown, though no grant is due in it, and after a reload", async () => {
    const user = userEvent.setup({ delay: null });
    const in2024 = {
      year: 2024,
      requested: 5000,
      awarded: 0,
      awardedCount: 0,
      decidedCount: 0,
      winRate: null,
    };
    renderPage(<ReportsPage />, {
      url: '/reports',
      answer: ({ url }) => {
        if (!url.startsWith('/api/reports')) return undefined;
        const asked = Number(new URL(url, 'http://x').searchParams.get('year')) || 2027;
        return { body: { ...nothingYet, year: asked, thisYear: 2027, byYear: [in2024] } };
      },
    });
    const select = await screen.findByRole('combobox', { name: 'Year' });
    await waitFor(() => expect(select).toHaveProperty('value', '2027'));
    await user.selectOptions(select, '2024');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/reports?year=2024'),
    );
    const offered = () =>
      [...(screen.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement).options].map(
        (option) => option.value,
      );
    await waitFor(() => expect(offered()).toEqual(['2027', '2024']));
  });

  it("offers the organization's year, not the browser's, when the address asks for another", async () => {
    vi.stubEnv('TZ', 'Europe/Berlin');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2028-01-01T07:30:00Z'));
    renderPage(<ReportsPage />, {
      url: '/reports?year=2024',
      answer: byPath({
        '/api/reports': { body: { ...nothingYet, year: 2024, thisYear: 2027 } },
      }),
    });
    const select = (await screen.findByRole('combobox', { name: 'Year' })) as HTMLSelectElement;
    await waitFor(() =>
      expect([...select.options].map((option) => option.value)).toEqual(['2027', '2024']),
    );
  });
});
