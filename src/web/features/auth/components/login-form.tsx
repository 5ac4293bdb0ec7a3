import { useForm } from '@mantine/form';
import type { LoginInput } from '../../../../domain/auth.ts';
import { AccountPasswordInput, UsernameInput } from '../../../components/account-inputs.tsx';
import { deferredResolver } from '../../../lib/zod-resolver.ts';
import { useAuth } from '../auth-provider.tsx';
import { AccountForm, useAccountSubmit } from './account-form.tsx';

const validation = deferredResolver(() =>
  import('../../../../domain/auth.ts').then((m) => m.loginSchema),
);

export function LoginForm() {
  const { loginMutation } = useAuth();
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
  });
  const submit = useAccountSubmit(form, validation, loginMutation.mutateAsync, 'Login failed');

  return (
    <AccountForm label="Log in" onSubmit={submit} pending={loginMutation.isPending}>
      <UsernameInput key={form.key('username')} {...form.getInputProps('username')} />
      <AccountPasswordInput
        autoComplete="current-password"
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
    </AccountForm>
  );
}
