import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Requirement } from '../../../../domain/requirements.ts';
import { stamps } from '../../../test/records.ts';
import { renderPage, type SentRequest, slowAnswer } from '../../../test/render.tsx';
import GrantRequirementsSection from './grant-requirements-section.tsx';

/** A pending requirement of grant 4, assigned to user 7 (Rosa Parks). */
const requirement = (id: number, name: string): Requirement => ({
  ...stamps,
  id,
  grantId: 4,
  name,
  type: 'interim_report',
  dueDate: '2030-06-01T12:00:00.000Z',
  status: 'pending',
  assigneeId: 7,
  notes: null,
});
const interim = requirement(1, 'First-year report');
const visit = requirement(2, 'Spring visit');

/**
 * Grant 4's requirements; the team is read once `team` settles, a change or delete answered
 * once `saved` settles.
 */
function renderRequirements({
  team,
  saved,
}: {
  team?: Promise<unknown>;
  saved?: Promise<unknown>;
}) {
  const answer = ({ method, url }: SentRequest) => {
    if (url === '/api/organization/users') {
      return { body: [{ id: 7, name: 'Rosa Parks', role: 'admin' }], after: team };
    }
    if (!url.startsWith('/api/grants/4/requirements')) return undefined;
    if (method === 'GET') return { body: [interim, visit] };
    if (method === 'DELETE') return { status: 204, body: null, after: saved };
    return { body: { ...interim, status: 'submitted' }, after: saved };
  };
  const view = renderPage(<GrantRequirementsSection grantId={4} />, { answer });
  return { view, user: userEvent.setup({ delay: null }) };
}

const statusOf = (name: string) =>
  screen.getByRole<HTMLSelectElement>('combobox', { name: `Status of ${name}` });

describe("a grant's requirements", () => {
  it('say a requirement is assigned, not unassigned, while the names of the team are read', async () => {
    const team = slowAnswer();
    renderRequirements({ team: team.answered });
    expect(await screen.findByText('First-year report')).toBeTruthy();
    expect(screen.queryByText('Unassigned')).toBeNull();
    expect(screen.getAllByText('Assigned')).toHaveLength(2);
    team.answer();
    await waitFor(() => expect(screen.getAllByText('Assigned to Rosa Parks')).toHaveLength(2));
  });

  it("may each have its status changed while another's is saved", async () => {
    const saved = slowAnswer();
    const { user } = renderRequirements({ saved: saved.answered });
    await screen.findByText('First-year report');
    await user.selectOptions(statusOf('First-year report'), 'submitted');
    await waitFor(() => expect(statusOf('First-year report').disabled).toBe(true));
    expect(statusOf('Spring visit').disabled).toBe(false);
    expect(statusOf('Spring visit').value).toBe('pending');
    saved.answer();
    expect(await screen.findByText('Requirement status updated')).toBeTruthy();
  });

  it('ask once for a delete: pressed again while it is under way, Delete does nothing', async () => {
    const saved = slowAnswer();
    const { view, user } = renderRequirements({ saved: saved.answered });
    await screen.findByText('First-year report');
    const remove = async (name: string) => {
      await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete requirement' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await remove('First-year report');
    // Another deleted meanwhile: the first is still being deleted.
    await remove('Spring visit');
    await user.click(screen.getByRole('button', { name: 'Delete First-year report' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    saved.answer();
    // The same notice twice is shown once.
    expect(await screen.findByText('Requirement deleted')).toBeTruthy();
    expect(view.sent.filter((request) => request.method === 'DELETE')).toHaveLength(2);
  });
});
