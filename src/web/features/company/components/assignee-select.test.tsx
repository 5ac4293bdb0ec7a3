import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { byPath, descriptionOf, renderPage, signedInUser } from '../../../test/render.tsx';
import { AssigneeSelect } from './assignee-select.tsx';

/** The chooser as a form holds it, showing the value it has. */
function Chosen({ initial }: { initial: string | null }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AssigneeSelect value={value} onChange={setValue} />
      <output aria-label="Assigned to">{value ?? 'nobody'}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

/** The chooser of a form whose task is assigned to the signed-in user, Rosa Parks. */
const assignedToRosa = async () => {
  renderPage(<Chosen initial={String(signedInUser.id)} />, {
    answer: byPath({ '/api/organization/users': { body: [signedInUser] } }),
  });
  const user = userEvent.setup({ delay: null });
  const field = screen.getByRole('combobox', { name: 'Assignee' });
  await waitFor(() => expect(field).toHaveProperty('value', 'Rosa Parks'));
  return { user, field };
};

describe('the assignee chooser', () => {
  it('unassigns when the name is erased and the field left', async () => {
    const { user, field } = await assignedToRosa();
    await user.clear(field);
    await user.tab();
    expect(screen.getByRole('status', { name: 'Assigned to' }).textContent).toBe('nobody');
    await waitFor(() => expect(field).toHaveProperty('value', ''));
  });

  it('gives the focus on to the next control when the name is erased and Tab pressed', async () => {
    const { user, field } = await assignedToRosa();
    await user.clear(field);
    // Tab heads for the clear button, which goes with the assignee.
    await user.tab();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' })),
    );
  });

  it('keeps the assignee when the field is only passed through', async () => {
    const { user, field } = await assignedToRosa();
    await user.click(field);
    await user.tab();
    expect(screen.getByRole('status', { name: 'Assigned to' }).textContent).toBe(
      String(signedInUser.id),
    );
  });

  it('keeps the assignee when the field is passed through before the team is read', async () => {
    renderPage(<Chosen initial={String(signedInUser.id)} />, {
      // The team cannot be read: no name shows in the field.
      answer: byPath({ '/api/organization/users': { status: 500, body: { message: 'Down' } } }),
    });
    const user = userEvent.setup({ delay: null });
    const field = screen.getByRole('combobox', { name: 'Assignee' });
    // Why no name shows: the field says so, rather than that no one was found.
    await waitFor(() =>
      expect(descriptionOf(field)).toMatch(/^Could not load the choices: .*Down$/),
    );
    await user.click(field);
    await user.tab();
    expect(screen.getByRole('status', { name: 'Assigned to' }).textContent).toBe(
      String(signedInUser.id),
    );
  });
});
