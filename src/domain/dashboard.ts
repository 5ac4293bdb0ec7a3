import { z } from 'zod';
import { grantStatuses } from './grants.ts';
import { interactionTypes } from './interactions.ts';

/** SPEC §2.5: each dashboard list shows five items. */
export const DASHBOARD_LIST_SIZE = 5;

export const dashboardSchema = z.object({
  totalContacts: z.number().int(),
  totalInteractions: z.number().int(),
  /** Grants whose status is neither awarded nor rejected. */
  activeGrants: z.number().int(),
  upcomingDeadlines: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      funder: z.string(),
      dueDate: z.string(),
      status: z.enum(grantStatuses),
    }),
  ),
  recentInteractions: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(interactionTypes),
      notes: z.string(),
      date: z.string(),
      contactId: z.number().int(),
      contactName: z.string(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
