import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  byPath,
  descriptionOf,
  renderPage,
  signedInUser,
  textBesideOptions,
} from '../../../test/render.tsx';
import { TaskForm } from './task-form.tsx';

describe("the task form's grant field", () => {
  it('says no grant was found under its label, and puts nothing but options in its listbox', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<TaskForm onSubmit={async () => {}} pending={false} />, {
      answer: byPath({
        '/api/grants': { body: [], total: 0 },
        '/api/organization/users': { body: [signedInUser] },
      }),
    });
    const field = await screen.findByRole('combobox', { name: 'Grant' });
    await waitFor(() => expect(descriptionOf(field)).toBe('No grants found'));
    await user.click(field);
    expect(textBesideOptions()).toEqual([]);
  });

  it('focused as the form opens, lists the grants only once a key or a click asks', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<TaskForm onSubmit={async () => {}} pending={false} />, {
      answer: byPath({
        '/api/grants': { body: [{ id: 1, name: 'Youth Arts' }], total: 1 },
        '/api/organization/users': { body: [signedInUser] },
      }),
    });
    const field = await screen.findByRole('combobox', { name: 'Grant' });
    field.focus();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'));
  });

  it('tells apart grants of one name by their funder', async () => {
    const user = userEvent.setup({ delay: null });
    const parks = { name: 'Parks Cleanup', dueDate: '2027-05-01T12:00:00.000Z' };
    renderPage(<TaskForm onSubmit={async () => {}} pending={false} />, {
      answer: byPath({
        '/api/grants': {
          body: [
            { id: 1, ...parks, funder: 'River Trust' },
            { id: 2, ...parks, funder: 'City Fund' },
          ],
          total: 2,
        },
        '/api/organization/users': { body: [signedInUser] },
      }),
    });
    const field = await screen.findByRole('combobox', { name: 'Grant' });
    await user.click(field);
    const listbox = await waitFor(() => {
      const found = document.getElementById(field.getAttribute('aria-controls') ?? '');
      if (!found) throw new Error('The grants are not listed');
      return found;
    });
    await waitFor(() =>
      expect(within(listbox).queryAllByRole('option', { hidden: true })).toHaveLength(2),
    );
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual([
      'Parks Cleanup · River Trust',
      'Parks Cleanup · City Fund',
    ]);
  });

  it('asks nothing more once a grant is picked, though its label names the funder too', async () => {
    const user = userEvent.setup({ delay: null });
    const parks = { name: 'Parks Cleanup', dueDate: '2027-05-01T12:00:00.000Z' };
    const { sent } = renderPage(<TaskForm onSubmit={async () => {}} pending={false} />, {
      // The server matches a grant's name or its funder, never the field's label.
      answer: ({ url }) =>
        url.startsWith('/api/grants') && !url.includes('%C2%B7')
          ? {
              body: [
                { id: 1, ...parks, funder: 'River Trust' },
                { id: 2, ...parks, funder: 'City Fund' },
              ],
              total: 2,
            }
          : url.startsWith('/api/organization/users')
            ? { body: [signedInUser] }
            : { body: [], total: 0 },
    });
    const field = await screen.findByRole('combobox', { name: 'Grant' });
    await user.click(field);
    await user.click(
      await screen.findByRole('option', { name: 'Parks Cleanup · City Fund', hidden: true }),
    );
    expect(field).toHaveProperty('value', 'Parks Cleanup · City Fund');
    // Longer than the search waits for the typing to stop (200 ms).
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(field).toHaveProperty('value', 'Parks Cleanup · City Fund');
    expect(descriptionOf(field)).toBe('');
    expect(sent.filter((request) => request.url.includes('City'))).toEqual([]);
  });
});
