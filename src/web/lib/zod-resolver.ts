import { type FormEvent, useEffect } from 'react';
import type { z } from 'zod';
import { focusFirstInvalid, submittedForm } from './invalid-focus.ts';
import { useOneAtATime } from './one-at-a-time.ts';

/**
 * Validates a Mantine form with the same Zod schema the server uses, so the spec's messages are
 * written once. Each field shows its first issue.
 */
export function zodResolver<Schema extends z.ZodType>(schema: Schema) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      errors[key] ??= issue.message;
    }
    return errors;
  };
}

/**
 * A form's schema, loaded after the form shows: its first view does not wait for the validation
 * library. `preload` starts the download (call it when the form mounts); `validate` waits for it
 * if the form is submitted first.
 */
export function deferredResolver<Schema extends z.ZodType>(load: () => Promise<Schema>) {
  let schema: Promise<Schema> | undefined;
  const loaded = () => {
    schema ??= load();
    return schema;
  };
  return {
    preload: () => void loaded(),
    validate: async (values: unknown) => zodResolver(await loaded())(values),
  };
}

type DeferredResolver = ReturnType<typeof deferredResolver>;

/**
 * The form's submit handler with a deferred schema: the fields get the schema's messages, as
 * Mantine's own `onSubmit` would give them, and `handler` runs only when there are none (else the
 * first field to put right has the focus); it is given the form submitted, where a refusal of the
 * server is shown (`showRefusalOnFields`). A
 * submit while one is under way (a double click, a second Enter) does nothing.
 */
export function useDeferredSubmit<Values extends Record<string, unknown>>(
  form: { getValues(): Values; setErrors(errors: Record<string, string>): void },
  resolver: DeferredResolver,
  handler: (values: Values, sent: HTMLFormElement | undefined) => Promise<void> | void,
) {
  useEffect(() => resolver.preload(), [resolver]);
  const submit = useOneAtATime(async (values: Values, sent: HTMLFormElement | undefined) => {
    const errors = await resolver.validate(values);
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) await handler(values, sent);
    else focusFirstInvalid(sent);
  });
  return (event?: FormEvent) => {
    event?.preventDefault();
    return submit(form.getValues(), submittedForm(event));
  };
}
