import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { DASHBOARD_LIST_SIZE, type Dashboard } from '../../../domain/dashboard.ts';
import { activeGrantStatuses } from '../../../domain/grants.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { contacts, grants, interactions, listCounts } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';

export function createDashboardRepository(db: Database) {
  return {
    /**
     * The three counts and two short lists of the dashboard, in one transaction, one query after
     * the other (a transaction has one connection). The contacts and interactions totals are the
     * lists' kept counts, not a count of 100,000 rows.
     */
    get(companyId: number, within?: Transaction): Promise<Dashboard> {
      return inCompany(within ?? db, companyId, async (tx) => {
        const active = and(
          eq(grants.companyId, companyId),
          inArray(grants.status, [...activeGrantStatuses]),
        );
        const kept = await tx
          .select({ list: listCounts.list, total: listCounts.total })
          .from(listCounts)
          .where(
            and(
              eq(listCounts.companyId, companyId),
              inArray(listCounts.list, ['contacts', 'interactions']),
            ),
          );
        const totalOf = (list: string) => kept.find((row) => row.list === list)?.total ?? 0;
        const [grantCount] = await tx.select({ n: count() }).from(grants).where(active);
        const deadlines = await tx
          .select({
            id: grants.id,
            name: grants.name,
            funder: grants.funder,
            dueDate: grants.dueDate,
            status: grants.status,
          })
          .from(grants)
          .where(and(active, gt(grants.dueDate, sql`now()`)))
          .orderBy(asc(grants.dueDate), asc(grants.id))
          .limit(DASHBOARD_LIST_SIZE);
        const recent = await tx
          .select({
            id: interactions.id,
            type: interactions.type,
            notes: interactions.notes,
            date: interactions.date,
            contactId: interactions.contactId,
            contactName: contacts.name,
          })
          .from(interactions)
          .innerJoin(
            contacts,
            and(
              eq(contacts.companyId, interactions.companyId),
              eq(contacts.id, interactions.contactId),
            ),
          )
          .where(eq(interactions.companyId, companyId))
          .orderBy(desc(interactions.date), desc(interactions.id))
          .limit(DASHBOARD_LIST_SIZE);
        return {
          totalContacts: totalOf('contacts'),
          totalInteractions: totalOf('interactions'),
          activeGrants: grantCount?.n ?? 0,
          upcomingDeadlines: deadlines.map((g) => ({ ...g, dueDate: g.dueDate.toISOString() })),
          recentInteractions: recent.map((i) => ({ ...i, date: i.date.toISOString() })),
        };
      });
    },
  };
}
