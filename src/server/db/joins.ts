import { and, eq } from 'drizzle-orm';
import { contacts, grantRequirements, grants, grantTasks, interactions, users } from './schema.ts';

/**
 * The join conditions between tenant tables. Each matches the company as well as the id, so a
 * join can never pair rows of two companies (the composite foreign keys say the same).
 */

/** The contact an interaction is with. */
export const contactOfInteraction = and(
  eq(contacts.companyId, interactions.companyId),
  eq(contacts.id, interactions.contactId),
);

/** The grant a piece of a grant's work (a task, a requirement) belongs to. */
export const grantOf = (work: typeof grantTasks | typeof grantRequirements) =>
  and(eq(grants.companyId, work.companyId), eq(grants.id, work.grantId));

/** The grant a task belongs to. */
export const grantOfTask = grantOf(grantTasks);

/** The member a task is assigned to (a left join: most tasks may have nobody). */
export const assigneeOfTask = and(
  eq(users.companyId, grantTasks.companyId),
  eq(users.id, grantTasks.assigneeId),
);

/** The grant a requirement belongs to. */
export const grantOfRequirement = grantOf(grantRequirements);
