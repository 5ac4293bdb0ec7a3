import { z } from 'zod';
import {
  emailSchema,
  passwordSchema,
  requiredText,
  storableString,
  usernameSchema,
} from './common.ts';
import { type Role, roles } from './company.ts';

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
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  companyId: z.number().int(),
  companyName: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const isAdmin = (user: { role: Role }) => user.role === 'admin';
