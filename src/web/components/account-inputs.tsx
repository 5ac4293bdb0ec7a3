import {
  PasswordInput,
  type PasswordInputProps,
  Stack,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { FormEvent, ReactNode, Ref } from 'react';
import { PASSWORD_RULE } from '../../domain/password-rule.ts';
import { BusyButton } from './busy-button.tsx';

/**
 * The eye button of the password field `label`: named for its field ('Show New password'), so
 * a form with several tells them apart, and pressed while the password shows; reached with Tab
 * and pressed with Space like any button. Mantine's own is hidden from both, so only a pointer
 * could show the password.
 */
const showPassword = (label: ReactNode) => ({
  'aria-label': typeof label === 'string' ? `Show ${label}` : 'Show password',
  tabIndex: 0,
});

/**
 * A password field with an error is marked invalid for a screen reader, as Mantine's other
 * inputs are (its password input marks only its look): a refused form's focus goes to it too.
 */
const invalidIf = ({ error }: PasswordInputProps) => ({
  'aria-invalid': error ? true : undefined,
});

/** A password field with the eye button and the invalid mark above. */
function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleButtonProps={showPassword(props.label)}
      {...invalidIf(props)}
      {...props}
    />
  );
}

/** 'Username', required: signing in, signing up, adding a user, accepting an invitation. */
export function UsernameInput(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return <TextInput label="Username" withAsterisk autoComplete="username" {...props} />;
}

/** The password the user has now, required: signing in, confirming a change on the profile. */
export function CurrentPasswordInput(props: PasswordInputProps) {
  return <PasswordField label="Password" withAsterisk autoComplete="current-password" {...props} />;
}

/** The new password typed again, required. */
export function ConfirmPasswordInput(props: PasswordInputProps) {
  return (
    <PasswordField label="Confirm Password" withAsterisk autoComplete="new-password" {...props} />
  );
}

/**
 * A new password, required, wherever one is set: the rule it must follow shows under its label
 * before anything is typed, so nobody learns it from a refusal.
 */
export function NewPasswordInput(props: PasswordInputProps) {
  return (
    <PasswordField
      label="Password"
      description={PASSWORD_RULE}
      withAsterisk
      autoComplete="new-password"
      {...props}
    />
  );
}

/**
 * A form about one's account named `label` (signing in, signing up, one's profile): its fields,
 * then the submit button (`label` unless said), spinning and inert while `pending` and inert
 * while `disabled` (BusyButton: it keeps the focus it had when pressed).
 */
export function AccountForm({
  label,
  onSubmit,
  pending,
  submitLabel = label,
  disabled = false,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
  submitLabel?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack>
        {children}
        <BusyButton type="submit" busy={pending} inert={disabled}>
          {submitLabel}
        </BusyButton>
      </Stack>
    </form>
  );
}
