import { Alert, Anchor, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import type { ForgotPasswordInput } from '../../../../domain/auth.ts';
import { ASK_AN_ADMIN } from '../../../../domain/wording.ts';
import { AccountForm } from '../../../components/account-inputs.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { deferredResolver, useDeferredSubmit } from '../../../lib/zod-resolver.ts';
import { usePasswordResetOptions, useRequestPasswordReset } from '../api/password-reset-api.ts';

const validation = deferredResolver(() =>
  import('../../../../domain/auth.ts').then((m) => m.forgotPasswordSchema),
);

/**
 * 'Forgot password?': the username or email address, then a link by email. Where the server has
 * no mail server, it says to ask an admin instead (their 'Reset Password' in the team list).
 */
export default function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const options = usePasswordResetOptions();
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    mode: 'uncontrolled',
    initialValues: { usernameOrEmail: '' },
  });
  const submit = useDeferredSubmit(form, validation, async (values) => {
    try {
      setSent((await request.mutateAsync(values)).message);
    } catch (error) {
      notifyError('Password reset failed', errorMessage(error) || 'Please try again');
    }
  });

  // What replaced the link pressed (the sign-in form's, Send reset link) has the focus: the
  // field to fill in, or the notice that takes the form's place.
  const shown = options.isPending
    ? 'loading'
    : options.data?.byEmail === false || sent
      ? 'notice'
      : 'form';
  const field = useRef<HTMLInputElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown === 'form') field.current?.focus();
    if (shown === 'notice') notice.current?.focus();
  }, [shown]);

  const back = (
    <Anchor component="button" type="button" size="sm" onClick={onBack}>
      Back to Login
    </Anchor>
  );
  if (shown === 'loading') return <Loader aria-label="Loading" />;
  if (shown === 'notice') {
    return (
      <Stack align="flex-start">
        <Alert
          ref={notice}
          tabIndex={-1}
          role="status"
          title={sent ? 'Check your email' : 'Ask an admin'}
        >
          {sent ?? ASK_AN_ADMIN}
        </Alert>
        {back}
      </Stack>
    );
  }
  return (
    <Stack>
      <AccountForm
        label="Reset password"
        onSubmit={submit}
        pending={request.isPending}
        submitLabel="Send reset link"
      >
        <Text size="sm">
          Enter your username or email address. We will email you a link to choose a new password.
        </Text>
        <TextInput
          label="Username or email"
          withAsterisk
          autoComplete="username"
          ref={field}
          key={form.key('usernameOrEmail')}
          {...form.getInputProps('usernameOrEmail')}
        />
      </AccountForm>
      {back}
    </Stack>
  );
}
