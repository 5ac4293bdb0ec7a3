import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type {
  DueRequirement,
  Requirement,
  RequirementValues,
} from '../../../domain/requirements.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { grantOfRequirement } from '../../db/joins.ts';
import { type RowStamps, stampColumns, withIsoStamps } from '../../db/rows.ts';
import { grantRequirements, grants } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';
import { grantExists, grantRecords, ofGrant, owedWork } from './grant-records.ts';

const columns = {
  id: grantRequirements.id,
  grantId: grantRequirements.grantId,
  name: grantRequirements.name,
  type: grantRequirements.type,
  dueDate: grantRequirements.dueDate,
  status: grantRequirements.status,
  assigneeId: grantRequirements.assigneeId,
  notes: grantRequirements.notes,
  companyId: grantRequirements.companyId,
  ...stampColumns(grantRequirements),
};

const toRequirement = <Row extends { dueDate: Date } & RowStamps>(row: Row) => ({
  ...withIsoStamps(row),
  dueDate: row.dueDate.toISOString(),
});

/** The requirements of one grant; a grant of another company has none to show or touch. */
/**
 * Which requirements are due: from `from` and before `before` (either end open when left out),
 * only those still owed when `owedOnly` (pending, of a grant not rejected: the dashboard's; the
 * calendar shows them all), and only those of `assigneeId` when given.
 */
interface DueFilters {
  from?: Date;
  before?: Date;
  owedOnly?: boolean;
  assigneeId?: number | undefined;
}

const dueWhere = (
  companyId: number,
  { from, before, owedOnly = false, assigneeId }: DueFilters,
): SQL | undefined =>
  and(
    eq(grantRequirements.companyId, companyId),
    assigneeId === undefined ? undefined : eq(grantRequirements.assigneeId, assigneeId),
    owedOnly ? eq(grantRequirements.status, 'pending') : undefined,
    owedOnly ? owedWork : undefined,
    from ? gte(grantRequirements.dueDate, from) : undefined,
    before ? lt(grantRequirements.dueDate, before) : undefined,
  );

export function createRequirementsRepository(db: Database) {
  const inGrant = ofGrant(grantRequirements);

  return {
    ...grantRecords<RequirementValues>()(db, grantRequirements, columns, toRequirement),

    /** Soonest due first; null when the grant is not the company's. */
    listForGrant(
      companyId: number,
      grantId: number,
      within?: Transaction,
    ): Promise<Requirement[] | null> {
      return inCompany(within ?? db, companyId, async (tx) => {
        if (!(await grantExists(tx, companyId, grantId))) return null;
        const rows = await tx
          .select(columns)
          .from(grantRequirements)
          .where(inGrant(companyId, grantId))
          .orderBy(asc(grantRequirements.dueDate), asc(grantRequirements.id));
        return rows.map(toRequirement);
      });
    },

    /**
     * The company's requirements with their grant's name, soonest due first, those `filters`
     * take (DueFilters).
     */
    dueWithGrant(
      companyId: number,
      filters: DueFilters,
      within?: Transaction,
    ): Promise<DueRequirement[]> {
      return inCompany(within ?? db, companyId, async (tx) => {
        const rows = await tx
          .select({ ...columns, grantName: grants.name })
          .from(grantRequirements)
          .innerJoin(grants, grantOfRequirement)
          .where(dueWhere(companyId, filters))
          .orderBy(asc(grantRequirements.dueDate), asc(grantRequirements.id));
        return rows.map(toRequirement);
      });
    },

    /** The first `limit` requirements dueWithGrant answers, and how many it answers in all. */
    firstDueWithGrant(
      companyId: number,
      filters: DueFilters,
      limit: number,
      within?: Transaction,
    ): Promise<{ items: DueRequirement[]; total: number }> {
      return inCompany(within ?? db, companyId, async (tx) => {
        const rows = await tx
          .select({
            ...columns,
            grantName: grants.name,
            total: sql<number>`count(*) over ()`.mapWith(Number),
          })
          .from(grantRequirements)
          .innerJoin(grants, grantOfRequirement)
          .where(dueWhere(companyId, filters))
          .orderBy(asc(grantRequirements.dueDate), asc(grantRequirements.id))
          .limit(limit);
        return {
          items: rows.map(({ total: _total, ...row }) => toRequirement(row)),
          total: rows[0]?.total ?? 0,
        };
      });
    },
  };
}
