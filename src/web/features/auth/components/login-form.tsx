import { Anchor } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import type { LoginInput } from '../../../../domain/auth.ts';
import {
  AccountForm,
  CurrentPasswordInput,
  UsernameInput,
} from '../../../components/account-inputs.tsx';
import { deferredResolver } from '../../../lib/zod-resolver.ts';
import { useLogin } from '../api/sign-in-api.ts';
import { useAccountSubmit } from './account-form.tsx';

const validation = deferredResolver(() =>
  import('../../../../domain/auth.ts').then((m) => m.loginSchema),
);

/**
 * Username and password; 'Forgot password?' calls `onForgotPassword` with the username typed so
 * far. Back from it (`username` given), the form shows that username again and its field has
 * the focus, where the keyboard left the form.
 */
export function LoginForm({
  username,
  onForgotPassword,
}: {
  username?: string | undefined;
  onForgotPassword: (username: string) => void;
}) {
  const loginMutation = useLogin();
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { username: username ?? '', password: '' },
  });
  const submit = useAccountSubmit(form, validation, loginMutation.mutateAsync, 'Login failed');
  const usernameField = useRef<HTMLInputElement>(null);
  const cameBack = username !== undefined;
  useEffect(() => {
    if (cameBack) usernameField.current?.focus();
  }, [cameBack]);

  return (
    <AccountForm label="Log in" onSubmit={submit} pending={loginMutation.isPending}>
      <UsernameInput
        ref={usernameField}
        key={form.key('username')}
        {...form.getInputProps('username')}
      />
      <CurrentPasswordInput key={form.key('password')} {...form.getInputProps('password')} />
      <Anchor
        component="button"
        type="button"
        size="sm"
        ta="right"
        onClick={() => onForgotPassword(form.getValues().username)}
      >
        Forgot password?
      </Anchor>
    </AccountForm>
  );
}
