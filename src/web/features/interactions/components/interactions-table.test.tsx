import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Interaction } from '../../../../domain/interactions.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { renderPage } from '../../../test/render.tsx';
import { InteractionsTable } from './interactions-table.tsx';

const call: Interaction = {
  id: 12,
  companyId: 3,
  contactId: 4,
  contactName: 'Eve Four',
  type: 'call',
  notes: 'Budget call',
  date: '2027-03-01T10:00:00Z',
  createdAt: '2027-03-01T10:00:00Z',
  updatedAt: '2027-03-01T10:00:00Z',
  createdBy: 7,
};

const renderTable = () =>
  renderPage(
    <InteractionsTable
      rows={[call]}
      onEdit={() => {}}
      onDelete={() => {}}
      sorting={{ sort: '-date', toggleSort: () => {} }}
    />,
  );

describe('a row of the interactions list', () => {
  it('links to the interaction, named with its type as it shows', () => {
    renderTable();
    const name = `Call with Eve Four, ${formatDateTime(call.date)}`;
    const link = screen.getByRole('link', { name });
    expect(link.getAttribute('href')).toBe('/interactions/12');
    expect(link.textContent).toBe('Call');
    // The link, in the first cell, is what the keyboard reaches, as in the other lists.
    const [, row] = screen.getAllByRole('row');
    expect(row?.hasAttribute('tabindex')).toBe(false);
    expect(link.closest('td')).toBe(row?.querySelector('td'));
    expect(screen.getByRole('button', { name: `Actions for ${name}` })).toBeTruthy();
  });

  it('opens on a click anywhere on it', async () => {
    renderTable();
    await userEvent.setup().click(screen.getByText('Budget call'));
    expect(screen.getByTestId('location').textContent).toBe('/interactions/12');
  });
});
