import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderPage, signedInUser } from '../../test/render.tsx';
import { AppShellLayout } from './app-shell.tsx';

describe('the sidebar', () => {
  it("opens the profile from the user's name", async () => {
    renderPage(
      <Routes>
        <Route element={<AppShellLayout />}>
          <Route index element={<h1>Dashboard</h1>} />
          <Route path="profile" element={<h1>Profile</h1>} />
        </Route>
      </Routes>,
    );
    const link = await screen.findByRole('link', { name: new RegExp(signedInUser.name) });
    expect(screen.getByText(signedInUser.companyName)).toBeTruthy();
    await userEvent.setup({ delay: null }).click(link);
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(link.getAttribute('aria-current')).toBe('page');
  });
});
