import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useDialogForm } from '../components/dialog-form.ts';
import { renderPage } from '../test/render.tsx';
import { deferredResolver, useDeferredSubmit } from './zod-resolver.ts';

const twoRequired = z.object({
  name: z.string().min(1, 'Name is required'),
  email: z.string().min(1, 'Email is required'),
});
type TwoValues = z.infer<typeof twoRequired>;

/** The two fields, a Save button, and a field outside the form. */
function Fields({
  form,
  onSubmit,
}: {
  form: { getInputProps: (path: keyof TwoValues) => object };
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <TextInput label="Name" {...form.getInputProps('name')} />
        <TextInput label="Email" {...form.getInputProps('email')} />
        <Button type="submit">Save</Button>
      </form>
      <TextInput label="Elsewhere" />
    </>
  );
}

/** A dialog's form, checked as it is submitted. */
function DialogForm() {
  const form = useDialogForm<TwoValues>({
    initialValues: { name: '', email: '' },
    validate: (values) => {
      const result = twoRequired.safeParse(values);
      return result.success
        ? {}
        : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
    },
  });
  return <Fields form={form} onSubmit={form.onSubmit(() => {})} />;
}

const validation = deferredResolver(async () => twoRequired);

/** A form whose schema loads after it shows (sign-in, profile), checked once it has come. */
function DeferredForm() {
  const form = useForm<TwoValues>({ initialValues: { name: '', email: '' } });
  return <Fields form={form} onSubmit={useDeferredSubmit(form, validation, () => {})} />;
}

describe.each([
  ['a dialog’s form', DialogForm],
  ['a form whose check loads later', DeferredForm],
])('%s refused before it is sent', (_, Form) => {
  it('gives the focus to its first field said to be wrong', async () => {
    renderPage(<Form />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it('from a field put right, to the first one still wrong', async () => {
    renderPage(<Form />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Name'), 'Ada{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });
});
