import { type UseFormInput, useForm } from '@mantine/form';
import { createContext, useContext } from 'react';
import { type RefusalFields, showRefusalOnFields } from '../lib/field-refusal.ts';
import { focusFirstInvalid, submittedForm } from '../lib/invalid-focus.ts';
import { REFUSED_KEY } from './form-fields.tsx';

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
 * can be lost when the dialog closes with the values sent before it. Refused before it is sent,
 * it gives the focus to its first field to put right (focusFirstInvalid); refused by the server
 * for a field `refusedFields` names (a username taken), that field shows why and has the focus
 * (the save given to `onSubmit` resolves to its refusal: DialogFormProps).
 */
export function useDialogForm<Values extends object>(
  input: UseFormInput<Values>,
  refusedFields: RefusalFields = {},
) {
  const dialog = useContext(FormInDialogContext);
  const form = useForm<Values>({
    ...input,
    onValuesChange: () => dialog.changed(),
    enhanceGetInputProps: () => ({ readOnly: dialog.saving }),
  });
  // Refused before it is sent, the form gives the focus to its first field to put right.
  const onSubmit = (save: (values: Values) => unknown) =>
    form.onSubmit(
      async (values, event) => {
        const sent = submittedForm(event);
        // A field that left out a key typed in it (REFUSED_KEY) shows what was not typed: it is
        // not sent until mended.
        const refused = sent?.querySelector<HTMLElement>(`[${REFUSED_KEY}]`);
        if (refused) {
          refused.focus();
          return;
        }
        showRefusalOnFields(await save(values), form, refusedFields, sent);
      },
      (_errors, _values, event) => focusFirstInvalid(submittedForm(event)),
    );
  return { ...form, onSubmit };
}
