import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../../domain/activity.ts';
import { renderPage } from '../../../test/render.tsx';
import { activityKeys } from '../api/activity-api.ts';
import HistorySection from './history-section.tsx';

/** The nth change of grant 1's amount, from n - 1 to n (the first: its creation). */
const entry = (n: number): ActivityEntry => ({
  id: n,
  entity: 'grant',
  entityId: 1,
  action: n === 1 ? 'created' : 'updated',
  actorId: 1,
  actorName: 'Dana Director',
  title: 'Clean Water',
  changes: n === 1 ? null : [{ field: 'notes', before: `n${n - 1}`, after: `n${n}` }],
  createdAt: new Date().toISOString(),
});

/** Grant 1's History over a server holding `count` entries; `add` writes another. */
function renderHistory(count: number, failure = { status: 503, message: 'The server is busy' }) {
  let entries = Array.from({ length: count }, (_, i) => entry(count - i));
  let down = false;
  const view = renderPage(<HistorySection entity="grant" id={1} />, {
    answer: ({ url }) => {
      if (!url.startsWith('/api/activity?')) return undefined;
      if (down) return { status: failure.status, body: { message: failure.message } };
      const params = new URL(url, 'http://x').searchParams;
      const offset = Number(params.get('offset') ?? 0);
      return { body: entries.slice(offset, offset + Number(params.get('limit'))) };
    },
  });
  const add = async () => {
    entries = [entry(entries.length + 1), ...entries];
    await act(() =>
      view.queryClient.invalidateQueries({ queryKey: activityKeys.record('grant', 1) }),
    );
  };
  /** The History read again while the server fails. */
  const readFailing = async () => {
    down = true;
    await act(() =>
      view.queryClient.invalidateQueries({ queryKey: activityKeys.record('grant', 1) }),
    );
  };
  const shown = () => screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
  return { add, readFailing, shown, user: userEvent.setup({ delay: null }) };
}

const older = () => screen.queryByRole('button', { name: 'Show older changes' });

describe("a record's History", () => {
  it('reads older changes when asked, back to its creation, then offers no more', async () => {
    const { shown, user } = renderHistory(40);
    await waitFor(() => expect(shown()).toHaveLength(20));
    await user.click(older() as HTMLElement);
    await waitFor(() => expect(shown()).toHaveLength(40));
    expect(shown().at(-1)).toContain('created this grant');
    // Forty is two whole pages: one more ask finds there are none, and the button goes.
    await user.click(older() as HTMLElement);
    await waitFor(() => expect(older()).toBeNull());
    expect(shown()).toHaveLength(40);
  });

  it('of exactly a page offers older ones once, then says no more', async () => {
    const { shown, user } = renderHistory(20);
    await waitFor(() => expect(shown()).toHaveLength(20));
    await user.click(older() as HTMLElement);
    await waitFor(() => expect(older()).toBeNull());
  });

  it('keeps every change once, with none left out, when a change is made after older ones were read', async () => {
    const { add, shown, user } = renderHistory(40);
    await waitFor(() => expect(shown()).toHaveLength(20));
    await user.click(older() as HTMLElement);
    await waitFor(() => expect(shown()).toHaveLength(40));
    await add();
    await waitFor(() => expect(shown()).toHaveLength(41));
    const told = shown().map((line) => /n\d+ to n(\d+)/.exec(line)?.[1] ?? 'created');
    expect(told).toEqual([...Array.from({ length: 40 }, (_, i) => String(41 - i)), 'created']);
  });

  it('gives the focus to the first older change read, and to the oldest once there are no more', async () => {
    const { shown, user } = renderHistory(40);
    await waitFor(() => expect(shown()).toHaveLength(20));
    (older() as HTMLElement).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shown()).toHaveLength(40));
    // Change 20, the newest of the older page: the line after the last one shown before.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('n19 to n20'));
    (older() as HTMLElement).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(older()).toBeNull());
    expect(document.activeElement?.textContent).toContain('created this grant');
  });

  it('keeps the changes it shows when reading them again fails, and says so', async () => {
    const { readFailing, shown } = renderHistory(5);
    await waitFor(() => expect(shown()).toHaveLength(5));
    await readFailing();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not refresh: 503: The server is busy',
    );
    expect(shown()).toHaveLength(5);
  });

  it('says it is gone, rather than show what it had, when the record is gone', async () => {
    const { readFailing, shown } = renderHistory(5, { status: 404, message: 'Grant not found' });
    await waitFor(() => expect(shown()).toHaveLength(5));
    await readFailing();
    expect((await screen.findByRole('alert')).textContent).toBe('404: Grant not found');
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });
});
