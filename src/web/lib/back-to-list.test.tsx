import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BackLink } from '../components/detail-states.tsx';
import { useLeaveFor } from './back-to-list.ts';
import { useHistoryEntries } from './entry-before.ts';

/**
 * The app's history at `entries` (the last shown), followed as the app's layout follows it; the
 * test drives it with `navigate`, and takes a record page's `leave` from the page it is on.
 */
function renderHistory(entries: string[]) {
  const driver: { navigate?: NavigateFunction; leave?: () => void } = {};
  function Driver() {
    useHistoryEntries();
    driver.navigate = useNavigate();
    const leave = useLeaveFor('/grants');
    const { pathname, search } = useLocation();
    if (pathname.startsWith('/grants/')) driver.leave = leave;
    return (
      <>
        <output>{`${pathname}${search}`}</output>
        {pathname.startsWith('/grants/') && <BackLink to="/grants">Back to grants</BackLink>}
      </>
    );
  }
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Driver />
      </MemoryRouter>
    </MantineProvider>,
  );
  const go = (to: string | number) =>
    act(() => {
      if (typeof to === 'number') void driver.navigate?.(to);
      else void driver.navigate?.(to);
    });
  const shown = () => screen.getByRole('status').textContent;
  return { go, shown, leave: () => act(() => driver.leave?.()) };
}

describe('leaving a record deleted from its page', () => {
  it('goes back to the list it was opened from, as it was: Back then leaves the list', async () => {
    const { go, shown, leave } = renderHistory(['/dashboard', '/grants']);
    await go('/grants?status=draft');
    await go('/grants/5');
    await leave();
    expect(shown()).toBe('/grants?status=draft');
    await go(-1);
    expect(shown()).toBe('/grants');
  });

  it('puts the list in place of a page not opened from it', async () => {
    const { go, shown, leave } = renderHistory(['/dashboard']);
    await go('/grants/5');
    await leave();
    expect(shown()).toBe('/grants');
    await go(-1);
    expect(shown()).toBe('/dashboard');
  });

  it('leaves the user where they went while the record was being deleted', async () => {
    const back = renderHistory(['/outside', '/grants']);
    await back.go('/grants/5');
    await back.go(-1); // Back pressed while the delete is under way
    await back.leave();
    expect(back.shown()).toBe('/grants');
  });

  it('leaves the user on the page a link took them to meanwhile', async () => {
    const { go, shown, leave } = renderHistory(['/start', '/grants']);
    await go('/grants/6');
    await go('/contacts');
    await leave();
    expect(shown()).toBe('/contacts');
  });
});

describe("a record page's Back to the list", () => {
  it('goes back to the list it was opened from, as it was: Back then leaves the list', async () => {
    const { go, shown } = renderHistory(['/dashboard', '/grants']);
    await go('/grants?status=draft&sort=-amount&page=2');
    await go('/grants/5');
    await act(() => fireEvent.click(screen.getByRole('link', { name: 'Back to grants' })));
    expect(shown()).toBe('/grants?status=draft&sort=-amount&page=2');
    await go(-1);
    expect(shown()).toBe('/grants');
  });

  it('opens the list anew from a page not opened from it', async () => {
    const { go, shown } = renderHistory(['/dashboard']);
    await go('/grants/5');
    const link = screen.getByRole('link', { name: 'Back to grants' });
    expect(link.getAttribute('href')).toBe('/grants');
    await act(() => fireEvent.click(link));
    expect(shown()).toBe('/grants');
    await go(-1);
    expect(shown()).toBe('/grants/5');
  });
});
