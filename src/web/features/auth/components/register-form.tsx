import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import type { RegisterInput } from '../../../../domain/auth.ts';
import { paths } from '../../../app/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { deferredResolver, useDeferredSubmit } from '../../../lib/zod-resolver.ts';
import { useAuth } from '../auth-provider.tsx';

const validation = deferredResolver(() =>
  import('../../../../domain/auth.ts').then((m) => m.registerSchema),
);

export function RegisterForm() {
  const { registerMutation } = useAuth();
  const navigate = useNavigate();
  const form = useForm<RegisterInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', name: '', organization: '', email: '', password: '' },
  });

  // Awaited: once the user is set this form unmounts, and mutate callbacks would be skipped.
  const submit = useDeferredSubmit(form, validation, async (values) => {
    try {
      await registerMutation.mutateAsync(values);
      notifySuccess('Registration successful', 'Welcome! You have been automatically logged in.');
      navigate(paths.home);
    } catch (error) {
      notifyError('Registration failed', errorMessage(error) || 'Please try again');
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Register">
      <Stack>
        <TextInput
          label="Username"
          autoComplete="username"
          withAsterisk
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Full Name"
          autoComplete="name"
          withAsterisk
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Organization"
          autoComplete="organization"
          withAsterisk
          key={form.key('organization')}
          {...form.getInputProps('organization')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={registerMutation.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
