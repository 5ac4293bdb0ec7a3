// Wording shared by the server's messages and the screens; no dependencies, so any page can
// import it without bringing the schemas along.
import type { Role } from './company.ts';

/** `1 contact`, `2 contacts`: a count with its noun in the right number. */
export const counted = (count: number, singular: string, plural = `${singular}s`) =>
  `${count} ${count === 1 ? singular : plural}`;

const roleArticles: Record<Role, string> = { admin: 'an admin', user: 'a user' };

/** A role as a sentence names it, with its article: 'an admin', 'a user'. */
export const roleWithArticle = (role: Role) => roleArticles[role];

/** A role as a label or a badge shows it: 'Admin', 'User'. */
export const roleLabel = (role: Role) => (role === 'admin' ? 'Admin' : 'User');

/** What a request for a password reset link answers, whether or not an account matched. */
export const RESET_LINK_SENT =
  'If an account matches, we have emailed a link to reset its password. The link works for one hour.';

/** Where no email server is configured, nobody can be sent a link: an admin resets instead. */
export const ASK_AN_ADMIN =
  'Password reset by email is not available here. Ask an admin of your organization to reset your password: they can do it under Organization, Users & Permissions.';

export const INVALID_RESET_LINK =
  'This password reset link is invalid or has expired. Ask for a new one from the sign-in page.';

export const PASSWORD_RESET_DONE = 'Your password has been reset. Please log in with it.';

/** A new password on the profile: the session it was changed in stays, every other one ends. */
export const PASSWORD_CHANGED =
  'Your password has been changed. You have been signed out everywhere else.';
