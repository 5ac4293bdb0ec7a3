import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notifyError, notifySuccess } from './notify.ts';

describe('notices', () => {
  it('shows a new notice at once in place of the one showing', async () => {
    render(
      <MantineProvider>
        <Notifications limit={1} autoClose={5000} />
      </MantineProvider>,
    );
    act(() => notifySuccess('Grant created successfully'));
    expect(await screen.findByText('Grant created successfully')).toBeTruthy();

    act(() => notifySuccess('Grant updated successfully'));
    expect(await screen.findByText('Grant updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Grant created successfully')).toBeNull());

    act(() => notifyError('Error', 'Name is required'));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Grant updated successfully')).toBeNull());
  });
});
