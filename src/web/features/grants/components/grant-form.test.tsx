import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Grant, GrantInput } from '../../../../domain/grants.ts';
import { fill, renderPage } from '../../../test/render.tsx';
import { GrantForm } from './grant-form.tsx';

const chooseStatus = async (user: ReturnType<typeof userEvent.setup>, label: string) => {
  await user.click(screen.getByRole('combobox', { name: /^Status/ }));
  await user.click(await screen.findByRole('option', { name: label, hidden: true }));
};

/** An awarded grant as the server answers it, its award filled in or typed. */
const awardedGrant = (awardFilledIn: boolean): Grant => ({
  id: 4,
  name: 'Library fund',
  funder: 'City Trust',
  amount: 50_000,
  dueDate: '2030-06-01T10:00:00.000Z',
  status: 'awarded',
  notes: null,
  documentUrl: null,
  awardedAmount: 50_000,
  awardFilledIn,
  awardedDate: null,
  periodStart: null,
  periodEnd: null,
  companyId: 1,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  createdBy: null,
});

describe("the grant form's awarded amount", () => {
  it('prefilled on choosing Awarded, follows the amount asked for until the user changes it', async () => {
    const onSubmit = vi.fn<(input: GrantInput) => void>();
    renderPage(<GrantForm onSubmit={onSubmit} pending={false} />);
    const user = userEvent.setup({ delay: null });
    await fill(user, await screen.findByLabelText(/^Name/), 'Library fund');
    await fill(user, screen.getByLabelText(/^Funder/), 'City Trust');
    await fill(user, screen.getByLabelText(/^Due Date/), '2030-06-01T10:00');
    // Awarded chosen before the amount is typed: the award takes the amount as it comes.
    await chooseStatus(user, 'Awarded');
    await fill(user, screen.getByLabelText(/^Amount/), '50000');
    const awarded = screen.getByLabelText<HTMLInputElement>('Awarded Amount');
    await waitFor(() => expect(awarded.value).toBe('$50,000'));
    await user.click(screen.getByRole('button', { name: 'Create Grant' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    // Left for the server to fill in as what is asked, as any award filled in.
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ amount: 50_000, status: 'awarded' });
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('awardedAmount');

    // Once the user writes an award of their own, the amount asked for leaves it alone.
    await fill(user, awarded, '42000');
    await fill(user, screen.getByLabelText(/^Amount/), '60000');
    await user.click(screen.getByRole('button', { name: 'Create Grant' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({ amount: 60_000, awardedAmount: 42_000 });
  });

  it('filled in by the server, follows the amount asked for and goes on leaving Awarded; typed, it stays', async () => {
    const onSubmit = vi.fn<(input: GrantInput) => void>();
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderPage(
      <GrantForm grant={awardedGrant(true)} onSubmit={onSubmit} pending={false} />,
    );
    const awarded = await screen.findByLabelText<HTMLInputElement>('Awarded Amount');
    await fill(user, screen.getByLabelText(/^Amount/), '60000');
    await waitFor(() => expect(awarded.value).toBe('$60,000'));
    await user.click(screen.getByRole('button', { name: 'Update Grant' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ amount: 60_000, status: 'awarded' });
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('awardedAmount');
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('awardedDate');
    await chooseStatus(user, 'Rejected');
    await user.click(screen.getByRole('button', { name: 'Update Grant' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({ status: 'rejected', awardedAmount: null });
    unmount();

    // An award the user typed, though it is what was asked for, is theirs.
    renderPage(<GrantForm grant={awardedGrant(false)} onSubmit={onSubmit} pending={false} />);
    const typed = await screen.findByLabelText<HTMLInputElement>('Awarded Amount');
    await fill(user, screen.getByLabelText(/^Amount/), '60000');
    await chooseStatus(user, 'Rejected');
    expect(typed.value).toBe('$50,000');
    await user.click(screen.getByRole('button', { name: 'Update Grant' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(3));
    expect(onSubmit.mock.calls[2]?.[0]).toMatchObject({
      amount: 60_000,
      status: 'rejected',
      awardedAmount: 50_000,
    });
  });
});
