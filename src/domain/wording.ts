// Wording shared by the server's messages and the screens; no dependencies, so any page can
// import it without bringing the schemas along.
import type { Role } from './company.ts';

/** `1 contact`, `2 contacts`: a count with its noun in the right number. */
export const counted = (count: number, singular: string, plural = `${singular}s`) =>
  `${count} ${count === 1 ? singular : plural}`;

const roleArticles: Record<Role, string> = { admin: 'an admin', user: 'a user' };

/** A role as a sentence names it, with its article: 'an admin', 'a user'. */
export const roleWithArticle = (role: Role) => roleArticles[role];
