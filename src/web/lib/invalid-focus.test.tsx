import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { focusFirstInvalidOnSubmit } from './invalid-focus.ts';

/** A form of two required fields, and a field outside it. */
function TwoRequired() {
  const form = useForm({
    initialValues: { name: '', email: '' },
    validate: {
      name: (value) => (value ? null : 'Name is required'),
      email: (value) => (value ? null : 'Email is required'),
    },
  });
  return (
    <>
      <form onSubmit={form.onSubmit(() => {})} noValidate>
        <TextInput label="Name" {...form.getInputProps('name')} />
        <TextInput label="Email" {...form.getInputProps('email')} />
        <Button type="submit">Save</Button>
      </form>
      <TextInput label="Elsewhere" />
    </>
  );
}

let stop: () => void;
beforeEach(() => {
  stop = focusFirstInvalidOnSubmit();
});
afterEach(() => stop());

describe('a form refused before it is sent', () => {
  it('gives the focus to its first field said to be wrong', async () => {
    renderPage(<TwoRequired />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it('from a field put right, to the first one still wrong', async () => {
    renderPage(<TwoRequired />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Name'), 'Ada{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it('leaves alone a focus taken elsewhere meanwhile', async () => {
    renderPage(<TwoRequired />);
    const elsewhere = screen.getByLabelText('Elsewhere');
    screen.getByRole('button', { name: 'Save' }).closest('form')?.requestSubmit();
    elsewhere.focus();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(elsewhere);
  });
});
