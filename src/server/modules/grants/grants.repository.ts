import { asc, type SQL, sql } from 'drizzle-orm';
import { type GrantStatus, grantStatusLabels } from '../../../domain/grant-constants.ts';
import {
  type Grant,
  type GrantListParams,
  type GrantSortField,
  type GrantValues,
  grantStatuses,
  type Pipeline,
} from '../../../domain/grants.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { allOnCompanyClocks } from '../../db/company-time-zone.ts';
import { onViolation } from '../../db/errors.ts';
import { amountCell, choiceCell, dayCell, type ExportColumn } from '../../db/export-stream.ts';
import * as lists from '../../db/list-helpers.ts';
import {
  companyRecords,
  isoOrNull,
  type RowOf,
  rowsOf,
  stampColumns,
  updateCompanyRows,
  withIsoStamps,
} from '../../db/rows.ts';
import { alphabetical, grants } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';

/** A grant as the API answers it (other modules' lists select the same). */
export const grantColumns = {
  id: grants.id,
  name: grants.name,
  funder: grants.funder,
  amount: grants.amount,
  dueDate: grants.dueDate,
  status: grants.status,
  notes: grants.notes,
  documentUrl: grants.documentUrl,
  awardedAmount: grants.awardedAmount,
  awardFilledIn: grants.awardFilledIn,
  awardedDate: grants.awardedDate,
  periodStart: grants.periodStart,
  periodEnd: grants.periodEnd,
  companyId: grants.companyId,
  ...stampColumns(grants),
};

/** A grant as a deadline: what the dashboard and the calendar subscription show of it. */
const grantDeadlineColumns = {
  id: grants.id,
  name: grants.name,
  funder: grants.funder,
  dueDate: grants.dueDate,
  status: grants.status,
};

/** The company's grants that `where` picks as deadlines, soonest first, `limit` of them at most. */
export const grantDeadlinesWhere = (tx: Transaction, where: SQL | undefined, limit?: number) => {
  const query = tx
    .select(grantDeadlineColumns)
    .from(grants)
    .where(where)
    .orderBy(asc(grants.dueDate), asc(grants.id))
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
};

const order = lists.listOrder<GrantSortField>(
  grants.id,
  {
    name: alphabetical(grants.name),
    funder: alphabetical(grants.funder),
    amount: grants.amount,
    dueDate: grants.dueDate,
    status: grants.status,
  },
  grants.dueDate,
  'asc',
);

type Dated = 'dueDate' | 'awardedDate' | 'periodStart' | 'periodEnd';
type Row = RowOf<Grant, { dueDate: Date } & Record<Exclude<Dated, 'dueDate'>, Date | null>>;
export const toGrant = (row: Row): Grant => ({
  ...withIsoStamps(row),
  dueDate: row.dueDate.toISOString(),
  awardedDate: isoOrNull(row.awardedDate),
  periodStart: isoOrNull(row.periodStart),
  periodEnd: isoOrNull(row.periodEnd),
});

/** The grants list of a company for `params`: its filters and its search. */
const grantList = (companyId: number, params: GrantListParams) => ({
  table: grants,
  companyId,
  columns: grantColumns,
  filters: {
    funder: lists.equalsIfSet(grants.funder, params.funder),
    status: lists.equalsIfSet(grants.status, params.status),
    q: lists.containsAny(params.q, grants.name, grants.funder),
  },
});

/** A grant in an export: each of its fields, in words where the app shows words. */
const grantExport: ExportColumn[] = [
  { label: 'Name', column: grants.name },
  { label: 'Funder', column: grants.funder },
  { label: 'Amount requested', column: grants.amount, cell: amountCell },
  { label: 'Due date', column: grants.dueDate },
  { label: 'Status', column: grants.status, cell: choiceCell(grantStatusLabels) },
  { label: 'Amount awarded', column: grants.awardedAmount, cell: amountCell },
  { label: 'Awarded on', column: grants.awardedDate, cell: dayCell },
  { label: 'Period start', column: grants.periodStart, cell: dayCell },
  { label: 'Period end', column: grants.periodEnd, cell: dayCell },
  { label: 'Document', column: grants.documentUrl },
  { label: 'Notes', column: grants.notes },
];

/** A grant's award as a write finds it: the columns of its stored row, or none for a new grant. */
interface AwardFound {
  amount: SQL;
  awardedAmount: SQL;
  awardedDate: SQL;
  awardFilledIn: SQL;
}
const storedAward: AwardFound = {
  amount: sql`${grants.amount}`,
  awardedAmount: sql`${grants.awardedAmount}`,
  awardedDate: sql`${grants.awardedDate}`,
  awardFilledIn: sql`${grants.awardFilledIn}`,
};
const noAwardYet: AwardFound = {
  amount: sql`NULL::bigint`,
  awardedAmount: sql`NULL::bigint`,
  awardedDate: sql`NULL::timestamptz`,
  awardFilledIn: sql`false`,
};

/**
 * A grant's award after a change of its status or of the amount it asks for, when the change
 * says nothing of the award (neither its amount nor its date):
 * - set to Awarded with no award, it is awarded what it asks for, as the form prefills it; that
 *   award is filled in (`awardFilledIn`), nobody's own. One with a date but no amount (someone
 *   recorded when it came) is awarded what it asks for too, as given: theirs, as its date is;
 * - while it is awarded, a filled-in award follows the amount asked for: it stands for "what we
 *   asked for", so correcting the request corrects it;
 * - leaving Awarded takes a filled-in award back, as the form takes back its prefill (an award
 *   chosen by mistake leaves nothing behind on a rejected grant).
 * An award someone gave (its amount, or its date) is theirs: kept as it is, whatever the status
 * or the amount asked for becomes. `before` is the award as the write finds it.
 */
function awardFollowing(
  change: Partial<Pick<GrantValues, 'status' | 'amount'>>,
  before: AwardFound,
) {
  const amount = change.amount === undefined ? before.amount : sql`${change.amount}::bigint`;
  const filledIn =
    change.status === undefined
      ? before.awardFilledIn
      : change.status === 'awarded'
        ? sql`(${before.awardFilledIn} OR (${before.awardedAmount} IS NULL AND ${before.awardedDate} IS NULL))`
        : sql`false`;
  const datedWithoutAmount =
    change.status === 'awarded' ? sql`${before.awardedAmount} IS NULL` : sql`false`;
  return {
    awardedAmount: sql`CASE WHEN ${filledIn} OR ${datedWithoutAmount} THEN ${amount}
      WHEN ${before.awardFilledIn} THEN NULL ELSE ${before.awardedAmount} END`,
    awardFilledIn: filledIn,
  };
}

/**
 * The values a create or an update writes, its award as the one rule has it: a write that gives
 * the award's amount or date (null included: it clears them) gives the award as it is, its
 * writer's own; one that gives the status or the amount asked for without them has its award
 * follow (awardFollowing) from the award `before` it.
 */
function withAward<Values extends Partial<GrantValues>>(values: Values, before: AwardFound) {
  const { status, amount, awardedAmount, awardedDate } = values;
  if (awardedAmount !== undefined || awardedDate !== undefined) {
    return { ...values, awardFilledIn: false };
  }
  if (status === undefined && amount === undefined) return values;
  return { ...values, ...awardFollowing({ status, amount }, before) };
}

/**
 * An update's values, its award as the one rule has it (withAward), but for a change that sends
 * a filled-in award as it is stored (a client writing back the whole grant it read, or clearing
 * a date there is none of): that gives nothing, and the award stays filled in, following a new
 * status or amount asked for as if it had not been sent. Any other award sent is given.
 */
function updatedWithAward(values: Partial<GrantValues>) {
  const { awardedAmount, awardedDate, ...rest } = values;
  if (awardedAmount === undefined && awardedDate === undefined) {
    return withAward(values, storedAward);
  }
  const sentAmount =
    awardedAmount === undefined ? storedAward.awardedAmount : sql`${awardedAmount}::bigint`;
  const sentDate =
    awardedDate === undefined ? storedAward.awardedDate : sql`${awardedDate}::timestamptz`;
  const given = sql`NOT (${storedAward.awardFilledIn}
    AND ${sentAmount} IS NOT DISTINCT FROM ${storedAward.awardedAmount}
    AND ${sentDate} IS NOT DISTINCT FROM ${storedAward.awardedDate})`;
  const following = { awardedAmount: storedAward.awardedAmount, ...withAward(rest, storedAward) };
  const filledIn =
    'awardFilledIn' in following ? following.awardFilledIn : storedAward.awardFilledIn;
  return {
    ...following,
    awardedAmount: sql`CASE WHEN ${given} THEN ${sentAmount} ELSE ${following.awardedAmount} END`,
    awardedDate: sentDate,
    awardFilledIn: sql`CASE WHEN ${given} THEN false ELSE ${filledIn} END`,
  };
}

/**
 * Inserts `rows` (their times on the company's clocks already) as grants of the company, in one
 * statement, a column of values per array parameter (`unnest`). An award is as a create has it
 * (withAward, from noAwardYet): a row that gives none (its file has neither award column) and is
 * Awarded is awarded what it asks for, filled in; an award given is the file's, a blank cell
 * none, whatever the status (an export's award that was cleared comes back without one).
 */
async function insertGrants(
  tx: Transaction,
  companyId: number,
  rows: Awaited<ReturnType<typeof allOnCompanyClocks<GrantValues>>>,
) {
  type Written = (typeof rows)[number];
  const column = (pick: (row: Written) => string | number | boolean | null | undefined) =>
    sql.param(rows.map((row) => pick(row) ?? null));
  const time = (pick: (row: Written) => Date | null | undefined) =>
    column((row) => pick(row)?.toISOString());
  const filledIn = (row: Written) =>
    row.status === 'awarded' && row.awardedAmount === undefined && row.awardedDate === undefined;
  await tx.execute(sql`
      INSERT INTO ${grants} (company_id, name, funder, amount, due_date, status, notes,
        document_url, awarded_amount, awarded_date, period_start, period_end, award_filled_in)
      SELECT ${companyId}, * FROM unnest(
        ${column((row) => row.name)}::text[],
        ${column((row) => row.funder)}::text[],
        ${column((row) => row.amount)}::bigint[],
        ${time((row) => row.dueDate)}::timestamptz[],
        ${column((row) => row.status)}::grant_status[],
        ${column((row) => row.notes)}::text[],
        ${column((row) => row.documentUrl)}::text[],
        ${column((row) => (filledIn(row) ? row.amount : row.awardedAmount))}::bigint[],
        ${time((row) => row.awardedDate)}::timestamptz[],
        ${time((row) => row.periodStart)}::timestamptz[],
        ${time((row) => row.periodEnd)}::timestamptz[],
        ${column(filledIn)}::boolean[]
      )`);
}

export function createGrantsRepository(db: Database) {
  // A grant is written from its domain values and whether its award was filled in (withAward).
  const records = companyRecords<GrantValues & { awardFilledIn?: boolean }>()(
    db,
    grants,
    grantColumns,
    toGrant,
  );

  return {
    // Deleting a grant deletes its tasks too, through their foreign key.
    ...records,
    ...lists.companyListing(db, order, grantList, toGrant, grantExport),

    /** Every status in pipeline order, with its count and total amount (zero when empty). */
    async pipeline(companyId: number, within?: Transaction): Promise<Pipeline> {
      const stages = await inCompany(within ?? db, companyId, (tx) =>
        lists.stageTotals(tx, grants, grants.status, grantStatuses, companyId),
      );
      return stages.map(({ stage, ...totals }) => ({ status: stage, ...totals }));
    },

    /** A new grant's award as the one rule has it (withAward): created Awarded, what it asks. */
    create(companyId: number, values: GrantValues, within?: Transaction) {
      return records.create(companyId, withAward(values, noAwardYet), within);
    },

    /**
     * A period that ends before it starts: 'period-out-of-order'. The award follows a new status
     * or amount asked for as the one rule has it (updatedWithAward).
     */
    update(companyId: number, id: number, values: Partial<GrantValues>, within?: Transaction) {
      const written = updatedWithAward(values);
      return onViolation(
        'grants_period_check',
        'period-out-of-order' as const,
        () => records.update(companyId, id, written, within),
        within,
      );
    },

    /**
     * Inserts the grants of `values` that are not here yet, in one statement (insertGrants), and
     * answers the places (in `values`) of those it inserted. A grant is here when one of the
     * company's has its name and its funder (in any case) and is due on the same day where the
     * company is, or an earlier one of `values` has: a file imported twice made every grant
     * twice. The day, not the time: a day alone is noon where the company is now
     * (allOnCompanyClocks), and was another hour before its time zone was set.
     */
    async insertNew(
      companyId: number,
      values: GrantValues[],
      within?: Transaction,
    ): Promise<Set<number>> {
      return inCompany(within ?? db, companyId, async (tx) => {
        const rows = await allOnCompanyClocks(tx, companyId, values);
        const texts = (pick: (row: (typeof rows)[number]) => string) => sql.param(rows.map(pick));
        const inserted = await rowsOf<{ at: number }>(
          tx,
          sql`WITH candidate AS (
                SELECT lower(name) AS name_key, lower(funder) AS funder_key, due, at
                FROM unnest(
                  ${texts((row) => row.name)}::text[],
                  ${texts((row) => row.funder)}::text[],
                  ${texts((row) => row.dueDate.toISOString())}::timestamptz[]
                ) WITH ORDINALITY AS c(name, funder, due, at)
              )
              SELECT (min(at) - 1)::int AS at
              FROM candidate c, (SELECT time_zone FROM companies WHERE id = ${companyId}) company
              WHERE NOT EXISTS (
                SELECT 1 FROM ${grants} g
                WHERE g.company_id = ${companyId} AND lower(g.name) = c.name_key
                  AND lower(g.funder) = c.funder_key
                  AND (g.due_date AT TIME ZONE company.time_zone)::date
                    = (c.due AT TIME ZONE company.time_zone)::date
              )
              GROUP BY name_key, funder_key, (c.due AT TIME ZONE company.time_zone)::date`,
        );
        const fresh = new Set(inserted.map((row) => row.at));
        await insertGrants(
          tx,
          companyId,
          rows.filter((_, at) => fresh.has(at)),
        );
        return fresh;
      });
    },

    /**
     * Sets the status of the company's grants among `ids` (one statement), each award following
     * it as one grant's does (awardFollowing); answers how many.
     */
    setStatus(companyId: number, ids: number[], status: GrantStatus, within?: Transaction) {
      const values = { status, ...awardFollowing({ status }, storedAward) };
      return inCompany(within ?? db, companyId, (tx) =>
        updateCompanyRows(tx, grants, companyId, ids, values),
      );
    },
  };
}
