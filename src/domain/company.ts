import { z } from 'zod';
import {
  emailSchema,
  ID_MAX,
  isHttpUrl,
  isMissing,
  optionalText,
  passwordSchema,
  requiredText,
  tokenSchema,
  usernameSchema,
  withConfirmedPassword,
} from './common.ts';

export const roles = ['admin', 'user'] as const;
export type Role = (typeof roles)[number];

export const invitationStatuses = ['pending', 'accepted', 'expired'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** How long an invitation link works. */
export const INVITATION_VALID_DAYS = 7;

/** An invitation to, or the acceptance of one for, an address a member already has. */
export const ALREADY_MEMBER = 'A member of the organization already has this email address.';

/** A member's new email address that an invitation, pending, was sent to. */
export const ADDRESS_INVITED =
  'An invitation to this email address is waiting to be accepted. Ask an admin to cancel it first.';

/** Refusal of a change that would leave the organization without an admin. */
export const LAST_ADMIN = 'The organization must keep at least one admin.';

/**
 * An admin's own password is changed in their profile, which asks for the current one: reset
 * from the team list it would not, so a session left open could lock its owner out.
 */
export const OWN_PASSWORD_ELSEWHERE = 'Change your own password in your profile';

const requiredRoleSchema = z.enum(roles, {
  error: (issue) => (isMissing(issue.input) ? 'Role is required' : 'Invalid role value'),
});
const roleSchema = requiredRoleSchema.default('user');

export const companyProfileSchema = z.object({
  name: z.string(),
  industry: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

export const companyProfileInputSchema = z.object({
  name: requiredText('Organization name is required'),
  industry: optionalText(),
  website: optionalText(2000).refine(
    (value) => value === null || isHttpUrl(value),
    'Please enter a valid URL',
  ),
  address: optionalText(500),
});
export type CompanyProfileInput = z.input<typeof companyProfileInputSchema>;
/**
 * PATCH: a field left out keeps its value and `null` (or an empty text) clears an optional one.
 * The whole schema would turn every left-out optional field into null.
 */
export const companyProfilePatchSchema = companyProfileInputSchema.partial();
export type CompanyProfilePatch = z.input<typeof companyProfilePatchSchema>;

export const teamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  role: z.enum(roles),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const newUserSchema = z.object({
  name: requiredText('Name is required'),
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
  role: roleSchema,
});
export type NewUserInput = z.input<typeof newUserSchema>;

/** An admin gives a member another role; the company always keeps an admin (migration 0006). */
export const roleChangeSchema = z.object({ role: requiredRoleSchema });
export type RoleChange = z.infer<typeof roleChangeSchema>;

export const resetPasswordSchema = z.object({
  userId: z
    .number({ error: 'User ID is required' })
    .int('User ID is required')
    .min(1, 'User ID is required')
    .max(ID_MAX, 'User ID is required'),
  newPassword: passwordSchema,
});

export const invitationInputSchema = z.object({
  email: emailSchema,
  name: requiredText('Name is required'),
  role: roleSchema,
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  status: z.enum(invitationStatuses),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const createdInvitationSchema = invitationSchema.extend({
  /** Whether the invitation was emailed: false when no email server is configured. */
  emailed: z.boolean(),
  /** The acceptance link, for the admin to send themselves when no email was sent. */
  previewUrl: z.string().optional(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

/** A pending invitation's new acceptance link: the one sent before stops working. */
export const invitationLinkSchema = z.object({
  link: z.string(),
  expiresAt: z.string(),
});
export type InvitationLink = z.infer<typeof invitationLinkSchema>;

export const invitationLookupSchema = z.object({
  status: z.enum(invitationStatuses),
  companyName: z.string(),
  role: z.enum(roles),
});
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

export const acceptInvitationSchema = z.object({
  token: tokenSchema,
  username: usernameSchema,
  password: passwordSchema,
});

/** The acceptance form's own, stricter rules (SPEC §5). */
export const acceptInvitationFormSchema = withConfirmedPassword({
  username: z
    .string()
    .trim()
    .min(4, 'Username must be at least 4 characters')
    .max(50, 'Username must be at most 50 characters'),
});
