// The one rule for a new password, wherever one is set: sign-up, a user added by an admin, an
// admin's reset, an accepted invitation, a reset by email and a change on the profile page.
// Without the schemas, so a form can show the rule before the validation library has loaded
// (common.ts builds the schema from it). Decision 0012 says why it is this strict everywhere.

export const PASSWORD_MIN_LENGTH = 8;
/** Hashing unbounded input would be a denial-of-service lever. */
export const PASSWORD_MAX_LENGTH = 100;

/** What a password field says under its label, before anything is typed. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters, with an uppercase letter and a number.`;

/** The messages of SPEC §5, one for each part of the rule. */
export const passwordMessages = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  noUppercase: 'Password must contain at least one uppercase letter',
  noNumber: 'Password must contain at least one number',
} as const;

export const hasUppercase = (password: string) => /\p{Lu}/u.test(password);
export const hasNumber = (password: string) => /\p{Nd}/u.test(password);
