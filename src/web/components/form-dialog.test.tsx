import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { useDialogForm } from './dialog-form.ts';
import { FormDialog } from './form-dialog.tsx';

/** The dialog's form: a name, and Send. */
function NameForm({ onSent }: { onSent: () => void }) {
  const form = useDialogForm({ initialValues: { name: '' } });
  return (
    <form onSubmit={form.onSubmit(onSent)}>
      <TextInput label="Name" {...form.getInputProps('name')} />
      <button type="submit">Send</button>
    </form>
  );
}

/** A dialog whose form, once sent, gives way to what it made. */
function Invite() {
  const [sent, setSent] = useState(false);
  return (
    <FormDialog
      opened
      onClose={() => {}}
      title="Invite"
      saving={false}
      done={sent && <p>Here is the link</p>}
    >
      <NameForm onSent={() => setSent(true)} />
    </FormDialog>
  );
}

/** Whether leaving the page now has the browser ask first. */
const leavingAsks = () => {
  const leaving = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(leaving);
  return leaving.defaultPrevented;
};

describe('a form dialog', () => {
  it('has leaving the page ask while something typed is unsent, not once what it made is shown', async () => {
    renderPage(<Invite />);
    const user = userEvent.setup({ delay: null });
    expect(leavingAsks()).toBe(false);
    await user.type(await screen.findByLabelText('Name'), 'Kai');
    expect(leavingAsks()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Here is the link')).toBeTruthy();
    expect(leavingAsks()).toBe(false);
  });
});
