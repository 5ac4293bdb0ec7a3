import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GrantInput } from '../../../../domain/grants.ts';
import { fill, renderPage } from '../../../test/render.tsx';
import { GrantForm } from './grant-form.tsx';

describe("the grant form's awarded amount", () => {
  it('prefilled on choosing Awarded, follows the amount asked for until the user changes it', async () => {
    const onSubmit = vi.fn<(input: GrantInput) => void>();
    renderPage(<GrantForm onSubmit={onSubmit} pending={false} />);
    const user = userEvent.setup({ delay: null });
    await fill(user, await screen.findByLabelText(/^Name/), 'Library fund');
    await fill(user, screen.getByLabelText(/^Funder/), 'City Trust');
    await fill(user, screen.getByLabelText(/^Due Date/), '2030-06-01T10:00');
    // Awarded chosen before the amount is typed: the award takes the amount as it comes.
    await user.click(screen.getByRole('textbox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Awarded', hidden: true }));
    await fill(user, screen.getByLabelText(/^Amount/), '50000');
    const awarded = screen.getByLabelText<HTMLInputElement>('Awarded Amount');
    await waitFor(() => expect(awarded.value).toBe('$50,000'));
    await user.click(screen.getByRole('button', { name: 'Create Grant' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ amount: 50_000, awardedAmount: 50_000 });

    // Once the user writes an award of their own, the amount asked for leaves it alone.
    await fill(user, awarded, '42000');
    await fill(user, screen.getByLabelText(/^Amount/), '60000');
    await user.click(screen.getByRole('button', { name: 'Create Grant' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({ amount: 60_000, awardedAmount: 42_000 });
  });
});
