import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Grant } from '../../../../domain/grants.ts';
import { stamps } from '../../../test/records.ts';
import { renderPage } from '../../../test/render.tsx';
import { GrantSummary } from './grant-summary.tsx';

const awarded: Grant = {
  id: 4,
  name: 'Literacy for All',
  funder: 'Hill Foundation',
  amount: 25_000,
  dueDate: '2027-03-01T12:00:00.000Z',
  status: 'awarded',
  notes: null,
  documentUrl: null,
  awardedAmount: 20_000,
  awardFilledIn: false,
  awardedDate: '2027-04-01T12:00:00.000Z',
  periodStart: null,
  periodEnd: null,
  ...stamps,
};

describe("a grant's summary", () => {
  it('says an award kept from before counts for nothing while the grant is not awarded', async () => {
    const view = renderPage(<GrantSummary grant={{ ...awarded, status: 'submitted' }} />);
    expect(await screen.findByText('$20,000')).toBeTruthy();
    expect(screen.getByText('Not counted while the grant is not awarded')).toBeTruthy();
    view.unmount();

    renderPage(<GrantSummary grant={awarded} />);
    expect(await screen.findByText('$20,000')).toBeTruthy();
    expect(screen.queryByText('Not counted while the grant is not awarded')).toBeNull();
  });
});
