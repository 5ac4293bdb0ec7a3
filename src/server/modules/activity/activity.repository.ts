import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { ActivityEntry, ActivityQuery } from '../../../domain/activity.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { activity } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';

const ACTIVITY_PAGE = 20;

/** The entries the triggers of migration 0024 write; nothing here changes them. */
export function createActivityRepository(db: Database) {
  return {
    /** A page of one record's history, or of the company's, newest first, and its total. */
    async list(
      companyId: number,
      query: ActivityQuery,
      within?: Transaction,
    ): Promise<{ rows: ActivityEntry[]; total: number }> {
      const filters: SQL[] = [eq(activity.companyId, companyId)];
      if (query.entity !== undefined && query.id !== undefined) {
        filters.push(eq(activity.entity, query.entity), eq(activity.entityId, query.id));
      }
      const where = and(...filters);
      return inCompany(within ?? db, companyId, async (tx) => {
        const rows = await tx
          .select()
          .from(activity)
          .where(where)
          .orderBy(desc(activity.id))
          .limit(query.limit ?? ACTIVITY_PAGE)
          .offset(query.offset ?? 0);
        const [counted] = await tx.select({ total: count() }).from(activity).where(where);
        return {
          rows: rows.map((row) => ({
            id: row.id,
            entity: row.entity as ActivityEntry['entity'],
            entityId: row.entityId,
            action: row.action as ActivityEntry['action'],
            actorId: row.actorId,
            actorName: row.actorName,
            title: row.title,
            changes: row.changes as ActivityEntry['changes'],
            createdAt: row.createdAt.toISOString(),
          })),
          total: counted?.total ?? 0,
        };
      });
    },
  };
}
