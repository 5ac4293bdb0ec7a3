import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import type { LoginInput } from '../../../../domain/auth.ts';
import { paths } from '../../../app/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { deferredResolver, useDeferredSubmit } from '../../../lib/zod-resolver.ts';
import { useAuth } from '../auth-provider.tsx';

const validation = deferredResolver(() =>
  import('../../../../domain/auth.ts').then((m) => m.loginSchema),
);

export function LoginForm() {
  const { loginMutation } = useAuth();
  const navigate = useNavigate();
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
  });

  // Awaited: once the user is set this form unmounts, and mutate callbacks would be skipped.
  const submit = useDeferredSubmit(form, validation, async (values) => {
    try {
      await loginMutation.mutateAsync(values);
      navigate(paths.home);
    } catch (error) {
      notifyError('Login failed', errorMessage(error) || 'Please try again');
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Log in">
      <Stack>
        <TextInput
          label="Username"
          autoComplete="username"
          withAsterisk
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={loginMutation.isPending}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
