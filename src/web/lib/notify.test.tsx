import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Notices from '../app/notices.tsx';
import { notifyError, notifySuccess } from './notify.ts';

function renderNotices() {
  render(
    <MantineProvider>
      <Notices />
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('notices', () => {
  it('shows a new notice at once in place of the one showing', async () => {
    renderNotices();
    act(() => notifySuccess('Grant created successfully'));
    expect(await screen.findByText('Grant created successfully')).toBeTruthy();

    act(() => notifySuccess('Grant updated successfully'));
    expect(await screen.findByText('Grant updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Grant created successfully')).toBeNull());

    act(() => notifyError('Error', 'Name is required'));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Grant updated successfully')).toBeNull());
  });

  it('announces an error as an alert, with its text in the page once', async () => {
    renderNotices();
    act(() => notifyError('Error deleting grant', '404: Grant not found'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Error deleting grant404: Grant not found');
    expect(screen.getAllByText('404: Grant not found')).toHaveLength(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces a success politely, as a status rather than an alert', async () => {
    renderNotices();
    act(() => notifySuccess('Grant deleted successfully'));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Grant deleted successfully');
    expect(screen.getAllByText('Grant deleted successfully')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves after five seconds', async () => {
    vi.useFakeTimers();
    renderNotices();
    act(() => notifySuccess('Contact created successfully'));
    expect(screen.getByText('Contact created successfully')).toBeTruthy();

    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText('Contact created successfully')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Contact created successfully')).toBeNull();
  });

  it('is dismissed with its close button', async () => {
    renderNotices();
    act(() => notifySuccess('Task deleted'));
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(screen.queryByText('Task deleted')).toBeNull());
  });

  it('F8 moves the focus to the notices, a region named after the key', async () => {
    renderNotices();
    act(() => notifySuccess('Invitation sent'));
    await screen.findByText('Invitation sent');
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.contains(document.activeElement)).toBe(false);

    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(region.contains(document.activeElement)).toBe(true);
  });
});
