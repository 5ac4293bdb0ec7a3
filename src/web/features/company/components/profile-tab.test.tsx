import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompanyProfile } from '../../../../domain/company.ts';
import { fill, renderPage, slowAnswer } from '../../../test/render.tsx';
import { companyKeys } from '../api/company-api.ts';
import { ProfileTab } from './profile-tab.tsx';

const profile: CompanyProfile = {
  name: 'Community Trust',
  industry: 'Health',
  website: null,
  address: '1 Main St',
};

/**
 * The profile as an admin edits it, over a server that keeps it (`saved()`, `saveElsewhere` for
 * another admin's save this page has not read) and answers a save once `after` has settled.
 */
function renderProfile(after?: Promise<unknown>) {
  let current = profile;
  const view = renderPage(<ProfileTab isAdmin />, {
    answer: ({ method, url, body }) => {
      if (url !== '/api/organization') return undefined;
      if (method !== 'PATCH') return { body: current };
      current = { ...current, ...(body as Partial<CompanyProfile>) };
      return { body: current, after };
    },
  });
  return {
    view,
    saved: () => current,
    saveElsewhere: (change: Partial<CompanyProfile>) => {
      current = { ...current, ...change };
    },
    patches: () => view.sent.filter((request) => request.method === 'PATCH'),
    user: userEvent.setup({ delay: null }),
  };
}

describe("the organization's profile, edited by an admin", () => {
  it('follows what is saved meanwhile in the fields not changed, and sends only the fields changed', async () => {
    const { view, saved, saveElsewhere, patches, user } = renderProfile();
    const industry = await screen.findByLabelText('Industry');
    expect(industry).toHaveProperty('value', 'Health');
    await fill(user, screen.getByLabelText('Address'), '2 High St');

    // Another admin's change, read again (a save that ended while another page was shown, a
    // refresh): the field not changed here shows it, the one changed here keeps what was typed.
    saveElsewhere({ industry: 'Education', address: '9 Other Rd' });
    await act(() => view.queryClient.invalidateQueries({ queryKey: companyKeys.profile() }));
    await waitFor(() => expect(industry).toHaveProperty('value', 'Education'));
    expect(screen.getByLabelText('Address')).toHaveProperty('value', '2 High St');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Organization updated');
    expect(patches().map((request) => request.body)).toEqual([{ address: '2 High St' }]);
    expect(saved().industry).toBe('Education');
    // Saved, nothing is left to save until something changes again.
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Save Changes' }).getAttribute('aria-disabled'),
      ).toBe('true'),
    );
  });

  it('keeps what is typed while a save is under way', async () => {
    const { answered, answer } = slowAnswer();
    const { user } = renderProfile(answered);
    await fill(user, await screen.findByLabelText('Address'), '2 High St');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await fill(user, screen.getByLabelText('Industry'), 'Education');
    answer();
    await screen.findByText('Organization updated');
    expect(screen.getByLabelText('Industry')).toHaveProperty('value', 'Education');
    expect(screen.getByLabelText('Address')).toHaveProperty('value', '2 High St');
    // What was typed meanwhile is still to save.
    expect(screen.getByRole('button', { name: 'Save Changes' }).getAttribute('aria-disabled')).toBe(
      'false',
    );
  });

  it('says so rather than save over a field someone else changed since it was shown; saved again, it replaces theirs', async () => {
    const { saved, saveElsewhere, patches, user } = renderProfile();
    await fill(user, await screen.findByLabelText('Website'), 'https://mine.example.org');
    // Another admin saves another website meanwhile; this page has not read it.
    saveElsewhere({ website: 'https://theirs.example.org', industry: 'Education' });
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await user.click(save);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Someone else changed Website after this page showed it. Save again to replace their changes with yours.',
    );
    expect(patches()).toEqual([]);
    expect(screen.getByLabelText('Website')).toHaveProperty('value', 'https://mine.example.org');
    // The field not changed here shows theirs.
    await waitFor(() =>
      expect(screen.getByLabelText('Industry')).toHaveProperty('value', 'Education'),
    );

    await user.click(save);
    await screen.findByText('Organization updated');
    expect(patches().map((request) => request.body)).toEqual([
      { website: 'https://mine.example.org' },
    ]);
    expect(saved()).toMatchObject({ website: 'https://mine.example.org', industry: 'Education' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
