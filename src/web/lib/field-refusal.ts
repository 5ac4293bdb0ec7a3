import type { ReactNode } from 'react';
import { ApiError } from './api-client.ts';
import { focusFirstInvalid } from './invalid-focus.ts';

/**
 * Which field of a form shows what a refusal says of each field of the request (an issue's
 * `path` in the error body: 'username'), for the fields the server decides alone: a username
 * already taken, a current password that is wrong, a contact deleted meanwhile.
 */
export type RefusalFields = Readonly<Record<string, string>>;

/** Mantine's form, as far as a refusal is concerned. */
interface FieldErrors {
  setFieldError(path: string, error: ReactNode): void;
}

/**
 * Shows a server's refusal of a form on the fields it names, as the form's own check shows its
 * messages: each field named in `fields` gets the issue's message as its error (aria-invalid,
 * described by the message; cleared when the field is edited), and the first of them the focus
 * (`focusFirstInvalid`, in `sent`, the form submitted: else the one that has the focus). The
 * notice the failure has (SPEC §8.2) is said as before, by the caller. Anything else (another
 * failure, a refusal of a field the form does not show) changes nothing. Returns whether a field
 * took it.
 */
export function showRefusalOnFields(
  failure: unknown,
  form: FieldErrors,
  fields: RefusalFields,
  sent?: HTMLFormElement | null,
): boolean {
  if (!(failure instanceof ApiError)) return false;
  let shown = false;
  for (const { path, message } of failure.issues) {
    const field = Object.hasOwn(fields, path) ? fields[path] : undefined;
    if (field === undefined) continue;
    form.setFieldError(field, message);
    shown = true;
  }
  if (shown) focusFirstInvalid(sent);
  return shown;
}
