import { and, eq } from 'drizzle-orm';
import { contacts, grantRequirements, grants, grantTasks, interactions } from './schema.ts';

/**
 * The join conditions between tenant tables. Each matches the company as well as the id, so a
 * join can never pair rows of two companies (the composite foreign keys say the same).
 */

/** The contact an interaction is with. */
export const contactOfInteraction = and(
  eq(contacts.companyId, interactions.companyId),
  eq(contacts.id, interactions.contactId),
);

/** The grant a task belongs to. */
export const grantOfTask = and(
  eq(grants.companyId, grantTasks.companyId),
  eq(grants.id, grantTasks.grantId),
);

/** The grant a requirement belongs to. */
export const grantOfRequirement = and(
  eq(grants.companyId, grantRequirements.companyId),
  eq(grants.id, grantRequirements.grantId),
);
