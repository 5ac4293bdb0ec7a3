import { and, count, eq, ilike, or, type SQL, sum } from 'drizzle-orm';
import type { ListParams } from '../../../domain/lists.ts';
import {
  type Opportunity,
  type OpportunityPipeline,
  type OpportunityStage,
  type OpportunityValues,
  type opportunitySortFields,
  opportunityStages,
  stageProbabilities,
} from '../../../domain/opportunities.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { containsPattern, listKey, orderFor, readPage } from '../../db/list-helpers.ts';
import { opportunities } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';

type SortField = (typeof opportunitySortFields)[number];

const columns = {
  id: opportunities.id,
  name: opportunities.name,
  organization: opportunities.organization,
  amount: opportunities.amount,
  stage: opportunities.stage,
  expectedCloseDate: opportunities.expectedCloseDate,
  probability: opportunities.probability,
  notes: opportunities.notes,
  companyId: opportunities.companyId,
};

const sortColumns = {
  name: opportunities.name,
  organization: opportunities.organization,
  amount: opportunities.amount,
  stage: opportunities.stage,
  probability: opportunities.probability,
  expectedCloseDate: opportunities.expectedCloseDate,
};

type Row = Omit<Opportunity, 'expectedCloseDate'> & { expectedCloseDate: Date };
const toOpportunity = (row: Row): Opportunity => ({
  ...row,
  expectedCloseDate: row.expectedCloseDate.toISOString(),
});

export interface OpportunityListParams extends ListParams<SortField> {
  stage?: OpportunityStage | undefined;
}

export function createOpportunitiesRepository(db: Database) {
  const byId = (companyId: number, id: number) =>
    and(eq(opportunities.companyId, companyId), eq(opportunities.id, id));

  return {
    async list(companyId: number, params: OpportunityListParams, within?: Transaction) {
      const filters: (SQL | undefined)[] = [eq(opportunities.companyId, companyId)];
      if (params.stage !== undefined) filters.push(eq(opportunities.stage, params.stage));
      if (params.q) {
        const pattern = containsPattern(params.q);
        filters.push(
          or(ilike(opportunities.name, pattern), ilike(opportunities.organization, pattern)),
        );
      }
      const where = and(...filters);
      const terms = orderFor(
        params.sort,
        sortColumns,
        [
          [opportunities.expectedCloseDate, 'asc'],
          [opportunities.id, 'asc'],
        ],
        opportunities.id,
      );
      const page = await inCompany(within ?? db, companyId, (tx) =>
        readPage(tx, params, terms, {
          table: opportunities,
          where,
          columns: columns,
          company: opportunities.companyId,
          filtered: filters.length > 1,
          counted: { companyId, list: 'opportunities' },
          key: listKey(params, ['stage']),
          rows: (seek) => tx.select(columns).from(opportunities).where(and(where, seek)).$dynamic(),
        }),
      );
      return { rows: page.rows.map(toOpportunity), total: page.total };
    },

    /** Every stage in order with its count and total amount (zero when empty). */
    async pipeline(companyId: number, within?: Transaction): Promise<OpportunityPipeline> {
      const rows = await inCompany(within ?? db, companyId, (tx) =>
        tx
          .select({
            stage: opportunities.stage,
            count: count(),
            total: sum(opportunities.amount).mapWith(Number),
          })
          .from(opportunities)
          .where(eq(opportunities.companyId, companyId))
          .groupBy(opportunities.stage),
      );
      return opportunityStages.map((stage) => {
        const row = rows.find((r) => r.stage === stage);
        return { stage, count: row?.count ?? 0, total: row?.total ?? 0 };
      });
    },

    async get(companyId: number, id: number, within?: Transaction): Promise<Opportunity | null> {
      const [row] = await inCompany(within ?? db, companyId, (tx) =>
        tx.select(columns).from(opportunities).where(byId(companyId, id)),
      );
      return row ? toOpportunity(row) : null;
    },

    /** A probability left out is the stage's default. */
    async create(
      companyId: number,
      values: OpportunityValues,
      within?: Transaction,
    ): Promise<Opportunity> {
      const probability = values.probability ?? stageProbabilities[values.stage];
      const [row] = await inCompany(within ?? db, companyId, (tx) =>
        tx
          .insert(opportunities)
          .values({ ...values, probability, companyId })
          .returning(columns),
      );
      if (!row) throw new Error('opportunity insert returned no row');
      return toOpportunity(row);
    },

    async update(
      companyId: number,
      id: number,
      values: Partial<OpportunityValues>,
      within?: Transaction,
    ) {
      const [row] = await inCompany(within ?? db, companyId, (tx) =>
        Object.keys(values).length === 0
          ? tx.select(columns).from(opportunities).where(byId(companyId, id))
          : tx.update(opportunities).set(values).where(byId(companyId, id)).returning(columns),
      );
      return row ? toOpportunity(row) : null;
    },

    async remove(companyId: number, id: number, within?: Transaction): Promise<boolean> {
      const deleted = await inCompany(within ?? db, companyId, (tx) =>
        tx.delete(opportunities).where(byId(companyId, id)).returning({ id: opportunities.id }),
      );
      return deleted.length > 0;
    },
  };
}
