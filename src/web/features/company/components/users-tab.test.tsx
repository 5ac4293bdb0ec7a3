import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TeamMember } from '../../../../domain/company.ts';
import { renderPage, type SentRequest, signedInUser, slowAnswer } from '../../../test/render.tsx';
import { UsersTab } from './users-tab.tsx';

const me: TeamMember = {
  id: signedInUser.id,
  name: signedInUser.name,
  email: signedInUser.email,
  username: signedInUser.username,
  role: 'admin',
};
const uma: TeamMember = {
  id: 9,
  name: 'Uma User',
  email: 'uma@example.org',
  username: 'uma',
  role: 'user',
};

const vic: TeamMember = {
  id: 10,
  name: 'Vic Volunteer',
  email: 'vic@example.org',
  username: 'vic',
  role: 'user',
};

/**
 * The team tab with a stand-in server that keeps the team, changes roles and removes members
 * as asked.
 */
function renderTeam(isAdmin = true, members = [me, uma]) {
  let team = members.map((member) => ({ ...member }));
  const answer = ({ method, url, body }: SentRequest) => {
    if (url === '/api/organization/users') return { body: team };
    if (url === '/api/organization/invitations') return { body: [] };
    const id = Number(url.match(/^\/api\/organization\/users\/(\d+)$/)?.[1]);
    const member = team.find((m) => m.id === id);
    if (method === 'PATCH' && member) {
      member.role = (body as { role: TeamMember['role'] }).role;
      return { body: member };
    }
    if (method === 'DELETE' && member) {
      team = team.filter((m) => m !== member);
      return { status: 204, body: null };
    }
    return undefined;
  };
  const view = renderPage(<UsersTab isAdmin={isAdmin} />, {
    answer,
    user: { ...signedInUser, role: isAdmin ? 'admin' : 'user' },
  });
  const roleChanges = () => view.sent.filter((r) => r.method === 'PATCH');
  return { ...view, roleChanges };
}

/**
 * An item of the open row menu. The test page lays nothing out, so the menu's positioning may take its
 * button for scrolled out of view and hide the dropdown: the items are found hidden or not.
 */
const menuItem = (name: string) => screen.findByRole('menuitem', { name, hidden: true });

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe("changing a member's role from the team list", () => {
  it('an admin makes a user an admin from the row menu, once asked; the list shows it', async () => {
    const user = userEvent.setup();
    const { roleChanges } = renderTeam();
    await user.click(await screen.findByRole('button', { name: 'Actions for Uma User' }));
    await user.click(await menuItem('Make Admin'));
    // Asked first: Cancel changes nothing.
    const asked = await screen.findByRole('dialog', { name: 'Change Role' });
    expect(
      within(asked).getByText(
        'Make Uma User an admin? They will be able to edit the organization, manage its team and invite anyone, as you can.',
      ),
    ).toBeTruthy();
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(roleChanges()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Actions for Uma User' }));
    await user.click(await menuItem('Make Admin'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Change Role' })).getByRole('button', {
        name: 'Make Admin',
      }),
    );
    await waitFor(() =>
      expect(roleChanges()).toEqual([
        { method: 'PATCH', url: '/api/organization/users/9', body: { role: 'admin' } },
      ]),
    );
    await waitFor(async () =>
      expect(within(await rowOf('Uma User')).getByText('Admin')).toBeTruthy(),
    );
  });

  it('an admin stepping down is asked first, and Cancel changes nothing', async () => {
    const user = userEvent.setup();
    const ana: TeamMember = { ...uma, id: 11, name: 'Ana Admin', username: 'ana', role: 'admin' };
    const { roleChanges, sent } = renderTeam(true, [me, uma, ana]);
    await user.click(await screen.findByRole('button', { name: 'Actions for Rosa Parks' }));
    await user.click(await menuItem('Make User'));
    const dialog = await screen.findByRole('dialog', { name: 'Change Role' });
    expect(within(dialog).getByText(/^Make yourself a user\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(roleChanges()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Actions for Rosa Parks' }));
    await user.click(await menuItem('Make User'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Change Role' })).getByRole('button', {
        name: 'Make User',
      }),
    );
    await waitFor(() =>
      expect(roleChanges()).toEqual([
        { method: 'PATCH', url: `/api/organization/users/${me.id}`, body: { role: 'user' } },
      ]),
    );
    expect(await screen.findByText('You are now a user.')).toBeTruthy();
    // A user is refused the invitations: they are not asked for again.
    const sincePatch = () => sent.slice(sent.findIndex((request) => request.method === 'PATCH'));
    await waitFor(() =>
      expect(sincePatch().some((r) => r.url === '/api/organization/users')).toBe(true),
    );
    expect(sincePatch().filter((r) => r.url === '/api/organization/invitations')).toEqual([]);
  });

  it('the only admin stepping down is told at once that the organization keeps one: nothing is asked or sent', async () => {
    const user = userEvent.setup();
    const { roleChanges } = renderTeam();
    await user.click(await screen.findByRole('button', { name: 'Actions for Rosa Parks' }));
    await user.click(await menuItem('Make User'));
    expect(await screen.findByText('The organization must keep at least one admin.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Change Role' })).toBeNull();
    expect(roleChanges()).toEqual([]);
  });

  it('a plain user gets no menu', async () => {
    renderTeam(false);
    await rowOf('Uma User');
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });
});

describe('removing a member with the keyboard', () => {
  /** Removes `name` from its row menu, the question answered with Enter. */
  async function removeMember(name: string) {
    const user = userEvent.setup();
    const actions = await screen.findByRole('button', { name: `Actions for ${name}` });
    actions.focus();
    await user.keyboard('{Enter}');
    await user.click(await menuItem('Remove User'));
    const dialog = await screen.findByRole('dialog', { name: 'Remove User' });
    within(dialog).getByRole('button', { name: 'Remove' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText(name)).toBeNull());
  }

  it('leaves the focus on the Actions of the row below, or above when the last row went', async () => {
    renderTeam(true, [me, uma, vic]);
    await removeMember('Uma User');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Actions for Vic Volunteer' }),
      ),
    );

    await removeMember('Vic Volunteer');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Actions for Rosa Parks' }),
      ),
    );
  });
});

describe('the team tab as it loads', () => {
  it('asks for the invitations with the team, and shows them, with Invite User, under the team once it has come', async () => {
    const { answered, answer } = slowAnswer();
    const view = renderPage(<UsersTab isAdmin />, {
      answer: ({ url }) =>
        url === '/api/organization/users'
          ? { body: [me, uma], after: answered }
          : url === '/api/organization/invitations'
            ? { body: [] }
            : undefined,
    });
    await waitFor(() =>
      expect(view.sent.map((request) => request.url)).toContain('/api/organization/invitations'),
    );
    expect(screen.getByLabelText('Loading users')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite User' })).toBeNull();
    answer();
    expect(await screen.findByRole('button', { name: 'Invite User' })).toBeTruthy();
    expect(screen.getByText('Uma User')).toBeTruthy();
  });
});
