import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import {
  byPath,
  descriptionOf,
  expectRefusedField,
  fill,
  renderPage,
  textBesideOptions,
} from '../../../test/render.tsx';
import { InteractionForm } from './interaction-form.tsx';

const ada = {
  id: 4,
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  phone: null,
  organization: 'Analytical Society',
  notes: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

describe("the interaction form's contact field", () => {
  it('says there is no contact under its label, not in a listbox, which holds options only', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<InteractionForm onSubmit={async () => {}} pending={false} />, {
      answer: byPath({ '/api/contacts': { body: [], total: 0 } }),
    });
    const field = await screen.findByRole('combobox', { name: 'Contact' });
    await waitFor(() => expect(descriptionOf(field)).toBe('No contacts found'));
    await user.click(field);
    expect(textBesideOptions()).toEqual([]);
  });

  it('says nothing under a contact just picked, and does not search for its label', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = renderPage(<InteractionForm onSubmit={async () => {}} pending={false} />, {
      // The server finds Ada by her name, email or organization, never by the field's label.
      answer: ({ url }) =>
        url.startsWith('/api/contacts') && !url.includes('Analytical+Society%29')
          ? { body: [ada], total: 1 }
          : { body: [], total: 0 },
    });
    const field = await screen.findByRole('combobox', { name: 'Contact' });
    await user.click(field);
    await user.click(
      await screen.findByRole('option', {
        name: 'Ada Lovelace (Analytical Society)',
        hidden: true,
      }),
    );
    expect(field).toHaveProperty('value', 'Ada Lovelace (Analytical Society)');
    // Longer than the search waits for the typing to stop (200 ms).
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(descriptionOf(field)).toBe('');
    expect(sent.filter((request) => request.url.includes('Lovelace'))).toEqual([]);
  });

  it('searches for nothing under the contact it opens with, and keeps its label still', async () => {
    const { sent } = renderPage(
      <InteractionForm
        contact={{ id: ada.id, name: ada.name }}
        onSubmit={async () => {}}
        pending={false}
      />,
      {
        // The first page of contacts holds Ada, labelled with her organization.
        answer: ({ url }) =>
          url.startsWith('/api/contacts') && !url.includes('Analytical+Society%29')
            ? { body: [ada], total: 1 }
            : { body: [], total: 0 },
      },
    );
    const field = await screen.findByRole('combobox', { name: 'Contact' });
    await waitFor(() => expect(field).toHaveProperty('value', 'Ada Lovelace (Analytical Society)'));
    // Several times what the search waits for the typing to stop (200 ms).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(field).toHaveProperty('value', 'Ada Lovelace (Analytical Society)');
    expect(descriptionOf(field)).toBe('');
    expect(sent.filter((request) => request.url.includes('Lovelace'))).toEqual([]);
  });

  it('lists the contacts found, and then says nothing more', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<InteractionForm onSubmit={async () => {}} pending={false} />, {
      answer: byPath({ '/api/contacts': { body: [ada], total: 1 } }),
    });
    const field = await screen.findByRole('combobox', { name: 'Contact' });
    await user.click(field);
    expect(
      // Present, though the test page never shows the dropdown's transition finished.
      await screen.findByRole('option', {
        name: 'Ada Lovelace (Analytical Society)',
        hidden: true,
      }),
    ).toBeTruthy();
    expect(descriptionOf(field)).toBe('');
    expect(textBesideOptions()).toEqual([]);
  });
});

describe("the interaction form's contact field, focused as the form opens", () => {
  it('lists the contacts only once a key or a click asks, so the list covers no field unasked', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<InteractionForm onSubmit={async () => {}} pending={false} />, {
      answer: byPath({ '/api/contacts': { body: [ada], total: 1 } }),
    });
    const field = await screen.findByRole('combobox', { name: 'Contact' });
    field.focus();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'));
  });
});

describe('the interaction form refused for a contact deleted meanwhile', () => {
  it('shows the refusal on the Contact field, which has the focus', async () => {
    const refusal = new ApiError(400, '400: Invalid contact selection', undefined, [
      { path: 'contactId', message: 'Invalid contact selection' },
    ]);
    const user = userEvent.setup({ delay: null });
    renderPage(
      <InteractionForm
        contact={{ id: ada.id, name: ada.name }}
        onSubmit={async () => refusal}
        pending={false}
      />,
      { answer: byPath({ '/api/contacts': { body: [ada], total: 1 } }) },
    );
    await fill(user, await screen.findByLabelText(/^Notes/), 'Talked about the grant');
    await user.click(screen.getByRole('button', { name: 'Log Interaction' }));
    await expectRefusedField(
      screen.getByRole('combobox', { name: 'Contact' }),
      'Invalid contact selection',
    );
  });
});
