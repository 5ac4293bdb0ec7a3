import { type UseFormInput, useForm } from '@mantine/form';
import { createContext, useContext } from 'react';

/** What a create/edit dialog and the form in it tell each other. */
export interface FormInDialog {
  /** Runs on every change of what the form holds: typed, chosen in a box, a date picked. */
  changed: () => void;
  /** A save is under way: the form's fields are read-only until it is done. */
  saving: boolean;
}

/** The dialog around a form; a form outside a dialog has none to tell. */
export const FormInDialogContext = createContext<FormInDialog>({
  changed: () => {},
  saving: false,
});

/**
 * The form of a create/edit dialog (Mantine's form, given `input`). Each change of its values
 * tells the dialog, so that closing it asks before losing them, whatever field made the change.
 * While the dialog saves, every field is read-only: it keeps the focus, but nothing typed then
 * can be lost when the dialog closes with the values sent before it.
 */
export function useDialogForm<Values extends object>(input: UseFormInput<Values>) {
  const dialog = useContext(FormInDialogContext);
  return useForm<Values>({
    ...input,
    onValuesChange: () => dialog.changed(),
    enhanceGetInputProps: () => ({ readOnly: dialog.saving }),
  });
}
