import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { type RefusalFields, showRefusalOnFields } from '../../../lib/field-refusal.ts';
import { notifyError } from '../../../lib/notify.ts';
import { type deferredResolver, useDeferredSubmit } from '../../../lib/zod-resolver.ts';

/**
 * The submit of a sign-in page form: once `action` has signed the user in, home; a failure is
 * the notice `failureTitle` with the server's message, shown too on the field it names among
 * `refusedFields` (a username taken). Awaited: once the user is set the form unmounts, and
 * mutate callbacks would be skipped.
 */
export function useAccountSubmit<Values extends Record<string, unknown>>(
  form: {
    getValues(): Values;
    setErrors(errors: Record<string, string>): void;
    setFieldError(path: string, error: ReactNode): void;
  },
  validation: ReturnType<typeof deferredResolver>,
  action: (values: Values) => Promise<unknown>,
  failureTitle: string,
  refusedFields: RefusalFields = {},
) {
  const navigate = useNavigate();
  return useDeferredSubmit(form, validation, async (values, sent) => {
    try {
      await action(values);
      navigate(paths.home);
    } catch (error) {
      notifyError(failureTitle, errorMessage(error) || 'Please try again');
      showRefusalOnFields(error, form, refusedFields, sent);
    }
  });
}
