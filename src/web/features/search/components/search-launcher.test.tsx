import { Select, Stack, TextInput } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useDialogForm } from '../../../components/dialog-form.ts';
import { type DialogFormProps, SaveDialog } from '../../../components/dialog-save.tsx';
import { byPath, expectDiscardAskedThenEscape, renderPage } from '../../../test/render.tsx';
import { SearchLauncher } from './search-launcher.tsx';

/** What the new contact's form holds: a name typed, a kind chosen in a box. */
interface NewContact {
  name: string;
  kind: string | null;
}

/** A new contact's form, its changes told to its dialog as every create/edit form's are. */
function NewContactForm({ onSubmit }: DialogFormProps<NewContact>) {
  const form = useDialogForm<NewContact>({ initialValues: { name: '', kind: null } });
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack>
        <TextInput label="Name" data-autofocus {...form.getInputProps('name')} />
        <Select label="Kind" data={['Funder', 'Partner']} {...form.getInputProps('kind')} />
      </Stack>
    </form>
  );
}

/** The dialog is never saved here: what counts is what it asks before it is left. */
const saved = async (_contact: NewContact) => {};

/** A create dialog as the app's are: it asks before a change made in its form is lost. */
function NewContactDialog() {
  const [opened, setOpened] = useState(true);
  return (
    <SaveDialog
      opened={opened}
      onClose={() => setOpened(false)}
      title="New Contact"
      noun="contact"
      record={undefined}
      save={{
        create: { run: saved, success: 'Contact created successfully' },
        update: { run: saved, success: 'Contact updated successfully' },
      }}
      pending={false}
    >
      {(form) => opened && <NewContactForm {...form} />}
    </SaveDialog>
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
  const search = await screen.findByRole('combobox', { name: 'Search everything' });
  await waitFor(() => expect(document.activeElement).toBe(search));
  await user.keyboard('Hopp');
  await screen.findByRole('option', { name: /Grace Hopper/ });
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
    await expectDiscardAskedThenEscape(user);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.getByRole('dialog', { name: 'New Contact' })).toBeTruthy();
    expect(where()).toBe('/contacts');
  });

  it('asks first too when only a choice was made in a box, nothing typed', async () => {
    const user = renderSearchOverDialog();
    const dialog = await screen.findByRole('dialog', { name: 'New Contact' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Partner', hidden: true }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveProperty('value', '');

    await openResult(user);
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(where()).toBe('/contacts');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull(),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Kind' })).toHaveProperty(
      'value',
      'Partner',
    );
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
