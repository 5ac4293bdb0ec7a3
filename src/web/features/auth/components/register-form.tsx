import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RegisterInput } from '../../../../domain/auth.ts';
import {
  AccountForm,
  NewPasswordInput,
  UsernameInput,
} from '../../../components/account-inputs.tsx';
import { browserTimeZone } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { deferredResolver } from '../../../lib/zod-resolver.ts';
import { useRegister } from '../api/sign-in-api.ts';
import { useAccountSubmit } from './account-form.tsx';

const validation = deferredResolver(() =>
  import('../../../../domain/auth.ts').then((m) => m.registerSchema),
);

/** The required text fields between the username and the password. */
const profileFields = [
  { name: 'name', label: 'Full Name', autoComplete: 'name' },
  { name: 'organization', label: 'Organization', autoComplete: 'organization' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
] as const;

export function RegisterForm() {
  const registerMutation = useRegister();
  const form = useForm<RegisterInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', name: '', organization: '', email: '', password: '' },
  });
  const submit = useAccountSubmit(
    form,
    validation,
    async (values) => {
      // With the browser's time zone: the new company's reminders count its days, as its pages do.
      await registerMutation.mutateAsync({ ...values, timeZone: browserTimeZone() });
      notifySuccess('Registration successful', 'Welcome! You have been automatically logged in.');
    },
    'Registration failed',
    // Someone has the username already (409).
    { username: 'username' },
  );

  return (
    <AccountForm
      label="Register"
      onSubmit={submit}
      pending={registerMutation.isPending}
      submitLabel="Create account"
    >
      <UsernameInput key={form.key('username')} {...form.getInputProps('username')} />
      {profileFields.map(({ name, ...field }) => (
        <TextInput key={form.key(name)} {...field} withAsterisk {...form.getInputProps(name)} />
      ))}
      <NewPasswordInput key={form.key('password')} {...form.getInputProps('password')} />
    </AccountForm>
  );
}
