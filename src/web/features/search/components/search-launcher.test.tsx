import { Modal, TextInput } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useDiscardQuestion } from '../../../components/discard-question.ts';
import { byPath, renderPage } from '../../../test/render.tsx';
import { SearchLauncher } from './search-launcher.tsx';

/** A form's dialog that asks before what was typed in it is lost, as the app's dialogs do. */
function NewContactDialog() {
  const [opened, setOpened] = useState(true);
  const { closeAsked, touched, closeOnEscape } = useDiscardQuestion(opened, () => setOpened(false));
  return (
    <Modal opened={opened} onClose={closeAsked} closeOnEscape={closeOnEscape} title="New Contact">
      <div onInput={touched}>
        <TextInput label="Name" data-autofocus />
      </div>
    </Modal>
  );
}

function renderSearchOverDialog() {
  renderPage(
    <>
      <SearchLauncher />
      <NewContactDialog />
    </>,
    {
      url: '/contacts',
      answer: byPath({
        '/api/search': {
          body: {
            results: [
              { kind: 'contact', id: 5, title: 'Grace Hopper', detail: null, grantId: null },
            ],
          },
        },
      }),
    },
  );
  return userEvent.setup({ delay: null });
}

const where = () => screen.getByTestId('location').textContent;

/** The form's dialog open over the page, its name typed in: what a result would lose. */
async function typedInForm() {
  const user = renderSearchOverDialog();
  const name = await screen.findByRole('textbox', { name: 'Name' });
  await waitFor(() => expect(document.activeElement).toBe(name));
  await user.keyboard('Ada Lovelace');
  return { user, name };
}

/** Ctrl+K, then the first result for what is typed, chosen with the arrow and Enter. */
async function openResult(user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard('{Control>}k{/Control}');
  const search = await screen.findByRole('textbox', { name: 'Search everything' });
  await waitFor(() => expect(document.activeElement).toBe(search));
  await user.keyboard('Hopp');
  await screen.findByRole('button', { name: /Grace Hopper/ });
  await user.keyboard('{ArrowDown}{Enter}');
}

describe('a search result opened over a form being filled in', () => {
  it('asks first to discard what was typed: Cancel goes back to it, Discard opens the result', async () => {
    const { user, name } = await typedInForm();

    await openResult(user);
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(where()).toBe('/contacts');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name).toHaveProperty('value', 'Ada Lovelace');
    expect(where()).toBe('/contacts');

    await openResult(user);
    const again = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(where()).toBe('/contacts/5'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Contact' })).toBeNull());
  });

  it('takes Escape on the question as its Cancel: the focus is back in the form, still open', async () => {
    const { user, name } = await typedInForm();

    await openResult(user);
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' })),
    );
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull(),
    );
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.getByRole('dialog', { name: 'New Contact' })).toBeTruthy();
    expect(where()).toBe('/contacts');
  });

  it('opens the result at once, closing the form, when nothing was typed in it', async () => {
    const user = renderSearchOverDialog();
    await screen.findByRole('textbox', { name: 'Name' });
    await openResult(user);
    await waitFor(() => expect(where()).toBe('/contacts/5'));
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Contact' })).toBeNull());
  });
});
