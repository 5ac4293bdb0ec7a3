import { Anchor } from '@mantine/core';
import { useForm } from '@mantine/form';
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

/** Username and password; 'Forgot password?' calls `onForgotPassword`. */
export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const loginMutation = useLogin();
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
  });
  const submit = useAccountSubmit(form, validation, loginMutation.mutateAsync, 'Login failed');

  return (
    <AccountForm label="Log in" onSubmit={submit} pending={loginMutation.isPending}>
      <UsernameInput key={form.key('username')} {...form.getInputProps('username')} />
      <CurrentPasswordInput key={form.key('password')} {...form.getInputProps('password')} />
      <Anchor component="button" type="button" size="sm" ta="right" onClick={onForgotPassword}>
        Forgot password?
      </Anchor>
    </AccountForm>
  );
}
