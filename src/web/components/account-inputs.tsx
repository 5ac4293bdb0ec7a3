import {
  PasswordInput,
  type PasswordInputProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';

/** 'Username', required: signing in, signing up, adding a user, accepting an invitation. */
export function UsernameInput(props: TextInputProps) {
  return <TextInput label="Username" withAsterisk autoComplete="username" {...props} />;
}

/** 'Password', required; a new one unless `autoComplete` says it is the current one. */
export function AccountPasswordInput(props: PasswordInputProps) {
  return <PasswordInput label="Password" withAsterisk autoComplete="new-password" {...props} />;
}
