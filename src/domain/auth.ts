import { z } from 'zod';
import {
  emailSchema,
  passwordSchema,
  requiredText,
  storableString,
  tokenSchema,
  usernameSchema,
  withConfirmedPassword,
} from './common.ts';
import { teamMemberSchema } from './company.ts';
import { PASSWORD_MAX_LENGTH } from './password-rule.ts';

export const loginSchema = z.object({
  username: requiredText('Username is required'),
  password: storableString('Password is required').min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * Registration creates a new company named after `organization` whose first user is its admin.
 * The client also sends `companyId` and `role` (SPEC §3); they are not part of the schema, so
 * they are stripped and never trusted.
 */
export const registerSchema = z.object({
  username: usernameSchema,
  name: requiredText('Name is required'),
  organization: requiredText('Organization is required'),
  email: emailSchema,
  password: passwordSchema,
  /**
   * The time zone of the browser that signs up (the form sends it): the new company's, whose
   * days its reminders count, as its pages count theirs. A hint, not the user's input: a zone
   * this server does not know (a browser's newer time zone data) leaves the company on UTC
   * rather than refusing the sign-up; text no zone could be is refused as any field's.
   */
  timeZone: storableString('Time zone is required').max(100, 'Unknown time zone').optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The signed-in user: a member of the team, and the company they are signed in to. */
export const currentUserSchema = teamMemberSchema.extend({
  companyId: z.number().int(),
  companyName: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** 'Forgot password?': the account is named by its username or its email address. */
export const forgotPasswordSchema = z.object({
  usernameOrEmail: requiredText('Username or email is required'),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** Whether this server can email reset links (it has an SMTP server to send through). */
export const passwordResetOptionsSchema = z.object({ byEmail: z.boolean() });
export type PasswordResetOptions = z.infer<typeof passwordResetOptionsSchema>;

/** A new password set through the emailed link, which carries the token. */
export const passwordResetSchema = z.object({
  token: tokenSchema,
  password: passwordSchema,
});

export const passwordResetFormSchema = withConfirmedPassword({});

const currentPasswordSchema = storableString('Current password is required')
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX_LENGTH, 'Current password is incorrect');

/**
 * The signed-in user's own name and email address; a field left out keeps its value. Changing
 * the email address takes the current password: reset links go to that address.
 */
export const profileUpdateSchema = z.object({
  name: requiredText('Name is required').optional(),
  email: emailSchema.optional(),
  currentPassword: currentPasswordSchema.optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** The profile form: the current password is asked for (and checked) only with a new email. */
export const profileFormSchema = z.object({
  name: requiredText('Name is required'),
  email: emailSchema,
  currentPassword: z.string(),
});

export const passwordChangeSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const passwordChangeFormSchema = withConfirmedPassword({
  currentPassword: currentPasswordSchema,
});
