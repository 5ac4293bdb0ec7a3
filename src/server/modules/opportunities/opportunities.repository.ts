import { sql } from 'drizzle-orm';
import {
  type Opportunity,
  type OpportunityListParams,
  type OpportunityPipeline,
  type OpportunitySortField,
  type OpportunityValues,
  opportunityStages,
  stageProbabilities,
} from '../../../domain/opportunities.ts';
import { type OpportunityStage, stageLabels } from '../../../domain/opportunity-constants.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { amountCell, choiceCell, type ExportColumn } from '../../db/export-stream.ts';
import * as lists from '../../db/list-helpers.ts';
import {
  companyRecords,
  type RowOf,
  stampColumns,
  updateCompanyRows,
  withIsoStamps,
} from '../../db/rows.ts';
import { alphabetical, opportunities } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';

/** An opportunity as the API answers it (other modules' lists select the same). */
export const opportunityColumns = {
  id: opportunities.id,
  name: opportunities.name,
  organization: opportunities.organization,
  amount: opportunities.amount,
  stage: opportunities.stage,
  expectedCloseDate: opportunities.expectedCloseDate,
  probability: opportunities.probability,
  notes: opportunities.notes,
  companyId: opportunities.companyId,
  ...stampColumns(opportunities),
};

const order = lists.listOrder<OpportunitySortField>(
  opportunities.id,
  {
    name: alphabetical(opportunities.name),
    organization: alphabetical(opportunities.organization),
    amount: opportunities.amount,
    stage: opportunities.stage,
    probability: opportunities.probability,
    expectedCloseDate: opportunities.expectedCloseDate,
  },
  opportunities.expectedCloseDate,
  'asc',
);

type Row = RowOf<Opportunity, { expectedCloseDate: Date }>;
export const toOpportunity = (row: Row): Opportunity => ({
  ...withIsoStamps(row),
  expectedCloseDate: row.expectedCloseDate.toISOString(),
});

/** The opportunities list of a company for `params`: its filter and its search. */
const opportunityList = (companyId: number, params: OpportunityListParams) => ({
  table: opportunities,
  companyId,
  columns: opportunityColumns,
  filters: {
    stage: lists.equalsIfSet(opportunities.stage, params.stage),
    q: lists.containsAny(params.q, opportunities.name, opportunities.organization),
  },
});

/** An opportunity in an export: each of its fields, its stage in words. */
const opportunityExport: ExportColumn[] = [
  { label: 'Name', column: opportunities.name },
  { label: 'Organization', column: opportunities.organization },
  { label: 'Amount', column: opportunities.amount, cell: amountCell },
  { label: 'Stage', column: opportunities.stage, cell: choiceCell(stageLabels) },
  { label: 'Expected close', column: opportunities.expectedCloseDate },
  { label: 'Probability (%)', column: opportunities.probability },
  { label: 'Notes', column: opportunities.notes },
];

/**
 * The probability a change to `stage` sets when it gives none: choosing a stage resets it to the
 * stage's default (SPEC §4), and an opportunity already at that stage keeps its own.
 */
const probabilityAt = (stage: OpportunityStage) =>
  sql<number>`CASE WHEN ${opportunities.stage} = ${stage} THEN ${opportunities.probability} ELSE ${stageProbabilities[stage]} END`;

export function createOpportunitiesRepository(db: Database) {
  const records = companyRecords<OpportunityValues>()(
    db,
    opportunities,
    opportunityColumns,
    toOpportunity,
  );

  return {
    ...records,
    ...lists.companyListing(db, order, opportunityList, toOpportunity, opportunityExport),

    /** Every stage in order with its count and total amount (zero when empty). */
    pipeline(companyId: number, within?: Transaction): Promise<OpportunityPipeline> {
      return inCompany(within ?? db, companyId, (tx) =>
        lists.stageTotals(tx, opportunities, opportunities.stage, opportunityStages, companyId),
      );
    },

    /** A probability left out is the stage's default; null (cleared in the form) is none. */
    create(companyId: number, values: OpportunityValues, within?: Transaction) {
      const probability =
        values.probability === undefined ? stageProbabilities[values.stage] : values.probability;
      return records.create(companyId, { ...values, probability }, within);
    },

    /**
     * Writes the fields given (a field left out keeps its value); a new stage without a
     * probability brings the stage's default. null: no such opportunity.
     */
    update(
      companyId: number,
      id: number,
      values: Partial<OpportunityValues>,
      within?: Transaction,
    ): Promise<Opportunity | null> {
      const { stage, probability } = values;
      const changes =
        stage === undefined || probability !== undefined
          ? values
          : { ...values, probability: probabilityAt(stage) };
      return records.update(companyId, id, changes, within);
    },

    /**
     * Sets the stage of the company's opportunities among `ids`, each that changes stage at the
     * stage's default probability; answers how many.
     */
    setStage(companyId: number, ids: number[], stage: OpportunityStage, within?: Transaction) {
      return inCompany(within ?? db, companyId, (tx) =>
        updateCompanyRows(tx, opportunities, companyId, ids, {
          stage,
          probability: probabilityAt(stage),
        }),
      );
    },
  };
}
