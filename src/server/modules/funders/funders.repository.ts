import { and, asc, count, desc, eq, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { startOfDay } from '../../../domain/due-dates.ts';
import { funderTypeLabels } from '../../../domain/funder-constants.ts';
import {
  FUNDER_RELATED_SHOWN,
  type Funder,
  type FunderDeadline,
  type FunderDetail,
  type FunderListParams,
  type FunderPatch,
  type FunderSortField,
  winRate,
} from '../../../domain/funders.ts';
import { activeGrantStatuses } from '../../../domain/grants.ts';
import type { ChosenIds } from '../../../domain/lists.ts';
import { openTaskStatuses } from '../../../domain/task-constants.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { companyTimeZone } from '../../db/company-time-zone.ts';
import { holdFunderNames } from '../../db/company-turns.ts';
import { onViolation } from '../../db/errors.ts';
import { choiceCell, type ExportColumn, type Unwanted } from '../../db/export-stream.ts';
import { grantOfRequirement, grantOfTask } from '../../db/joins.ts';
import * as lists from '../../db/list-helpers.ts';
import { companyRow, lockVersion, type RowOf, stampColumns, withIsoStamps } from '../../db/rows.ts';
import {
  alphabetical,
  contacts,
  funderKey,
  funders,
  grantRequirements,
  grants,
  grantTasks,
  opportunities,
} from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';
import { contactColumns, toContact } from '../contacts/contacts.repository.ts';
import { owedWork } from '../grants/grant-records.ts';
import { grantColumns, grantDeadlinesWhere, toGrant } from '../grants/grants.repository.ts';
import { newestOfContacts } from '../interactions/interactions.repository.ts';
import { opportunityColumns, toOpportunity } from '../opportunities/opportunities.repository.ts';

const columns = {
  id: funders.id,
  name: funders.name,
  type: funders.type,
  website: funders.website,
  notes: funders.notes,
  companyId: funders.companyId,
  ...stampColumns(funders),
};
/**
 * The columns with the key the database matches names by (`name_key`, lower(btrim(name))): the
 * records of a funder are found by that stored key, never by one computed here, so the rule
 * (and the database's own idea of lower case) has one owner.
 */
const keyedColumns = { ...columns, nameKey: funders.nameKey };
type FunderRow = RowOf<
  Omit<Funder, 'grantCount' | 'opportunityCount' | 'contactCount'>,
  { nameKey: string }
>;

const order = lists.listOrder<FunderSortField>(
  funders.id,
  { name: alphabetical(funders.name), type: funders.type },
  alphabetical(funders.name),
  'asc',
);

/**
 * Rows of `table` in the company whose name column's key (`keyColumn`, kept by the database)
 * is the funder's: compared with `=`, which row-level security lets the index answer.
 */
const carries = (
  table: { companyId: AnyPgColumn },
  keyColumn: AnyPgColumn,
  companyId: number,
  key: string,
): SQL | undefined => and(eq(table.companyId, companyId), eq(keyColumn, key));

/** How many grants, opportunities and contacts carry each of the funders' names. */
async function countsOf(tx: Transaction, companyId: number, keys: string[]) {
  const counted = new Map<
    string,
    { grantCount: number; opportunityCount: number; contactCount: number }
  >();
  for (const key of keys) counted.set(key, { grantCount: 0, opportunityCount: 0, contactCount: 0 });
  if (keys.length === 0) return counted;
  const tally = async (
    table: { companyId: AnyPgColumn },
    key: AnyPgColumn,
    field: 'grantCount' | 'opportunityCount' | 'contactCount',
  ) => {
    const rows = await tx
      .select({ key: sql<string>`${key}`, n: count() })
      .from(table as typeof grants)
      .where(and(eq(table.companyId, companyId), inArray(key, keys)))
      .groupBy(key);
    for (const row of rows) {
      const entry = counted.get(row.key);
      if (entry) entry[field] = row.n;
    }
  };
  await tally(grants, grants.funderNameKey, 'grantCount');
  await tally(opportunities, opportunities.organizationKey, 'opportunityCount');
  await tally(contacts, contacts.organizationKey, 'contactCount');
  return counted;
}

async function withCounts(
  tx: Transaction,
  companyId: number,
  rows: FunderRow[],
): Promise<Funder[]> {
  const counted = await countsOf(
    tx,
    companyId,
    rows.map((row) => row.nameKey),
  );
  return rows.map(({ nameKey, ...funder }) => ({
    ...withIsoStamps(funder),
    grantCount: 0,
    opportunityCount: 0,
    contactCount: 0,
    ...counted.get(nameKey),
  }));
}

/** Gives every record that carries `fromKey` the name `name`, in the open transaction. */
async function renameRecords(tx: Transaction, companyId: number, fromKey: string, name: string) {
  await tx
    .update(grants)
    .set({ funder: name })
    .where(and(carries(grants, grants.funderNameKey, companyId, fromKey), ne(grants.funder, name)));
  await tx
    .update(opportunities)
    .set({ organization: name })
    .where(
      and(
        carries(opportunities, opportunities.organizationKey, companyId, fromKey),
        ne(opportunities.organization, name),
      ),
    );
  await tx
    .update(contacts)
    .set({ organization: name })
    .where(
      and(
        carries(contacts, contacts.organizationKey, companyId, fromKey),
        ne(contacts.organization, name),
      ),
    );
}

/**
 * Locks every record that carries `key`, in the open transaction: a writer that edits one from
 * now on waits for this transaction, and one editing one now is waited for. A change to a
 * funder locks its records before the funder (lockWithRecords), the order a writer of a record
 * takes (the record, then the funder of the name it gives it: migration 0030).
 */
async function lockRecords(tx: Transaction, companyId: number, key: string) {
  // In id order, as every change of a funder locks them.
  await tx
    .select({ id: grants.id })
    .from(grants)
    .where(carries(grants, grants.funderNameKey, companyId, key))
    .orderBy(grants.id)
    .for('update');
  await tx
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(carries(opportunities, opportunities.organizationKey, companyId, key))
    .orderBy(opportunities.id)
    .for('update');
  await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(carries(contacts, contacts.organizationKey, companyId, key))
    .orderBy(contacts.id)
    .for('update');
}

type RenameOutcome = Funder | null | 'name-taken' | 'renamed-meanwhile';
/** null: no such funder to merge; 'no-target': none to merge it into (another company's, or gone). */
type MergeOutcome = Funder | null | 'same-funder' | 'no-target';
type RemoveOutcome = boolean | 'in-use';

/** The funders list of a company for `params`: its filter and its search. */
const funderList = (companyId: number, params: FunderListParams) => ({
  table: funders,
  companyId,
  columns: keyedColumns,
  filters: {
    type: lists.equalsIfSet(funders.type, params.type),
    q: lists.containsAny(params.q, funders.name),
    // The key the database keeps, compared with the name made a key by the same expression.
    name:
      params.name === undefined ? undefined : eq(funders.nameKey, funderKey(sql`${params.name}`)),
  },
});

/** A funder in an export: its record, its type in words. */
const funderExport: ExportColumn[] = [
  { label: 'Name', column: funders.name },
  { label: 'Type', column: funders.type, cell: choiceCell(funderTypeLabels) },
  { label: 'Website', column: funders.website },
  { label: 'Notes', column: funders.notes },
];

export function createFundersRepository(db: Database) {
  const byId = companyRow(funders);

  /**
   * The funder row as it is, locked until the transaction ends: `update` when its name changes
   * or it goes (a record given its name meanwhile waits, and one given it before is waited for:
   * migration 0030), `no key update` when only its other fields change.
   */
  const lockedRow = async (
    tx: Transaction,
    companyId: number,
    id: number,
    strength: 'update' | 'no key update',
  ) => {
    const [row] = await tx
      .select(keyedColumns)
      .from(funders)
      .where(byId(companyId, id))
      .for(strength);
    return row ?? null;
  };

  /** The funder's name key as last committed, without a lock; null: no such funder. */
  const keyOf = async (tx: Transaction, companyId: number, id: number) => {
    const [row] = await tx
      .select({ nameKey: funders.nameKey })
      .from(funders)
      .where(byId(companyId, id));
    return row?.nameKey ?? null;
  };

  /**
   * Whether `name` would rename the funder, as last committed (without a lock): a change that
   * keeps its name (an edit of its notes, the dialog sending the name it shows) takes neither
   * the company's funder names nor the records of its name.
   */
  const renames = async (tx: Transaction, companyId: number, id: number, name?: string) => {
    if (name === undefined) return false;
    const [row] = await tx.select({ name: funders.name }).from(funders).where(byId(companyId, id));
    return row !== undefined && row.name !== name;
  };

  /**
   * The funder locked FOR UPDATE, after the company's funder names (holdFunderNames: refused
   * while an import or another change of a funder has them) and the records that carry its name: a writer holding one of them is waited for before the funder is held, never while
   * it is, and the records saved with its name while the funder was waited for are locked too.
   * Null: no such funder.
   */
  const lockWithRecords = async (tx: Transaction, companyId: number, id: number) => {
    await holdFunderNames(tx, companyId);
    for (let key = await keyOf(tx, companyId, id); key !== null; ) {
      await lockRecords(tx, companyId, key);
      const row = await lockedRow(tx, companyId, id, 'update');
      if (row === null) return null;
      await lockRecords(tx, companyId, row.nameKey);
      // Renamed while its records were locked: the records of its new name are locked now.
      if (row.nameKey === key) return row;
      key = row.nameKey;
    }
    return null;
  };

  /** One funder with its counts, or null. */
  const get = (companyId: number, id: number, within?: Transaction): Promise<Funder | null> =>
    inCompany(within ?? db, companyId, async (tx) => {
      const [row] = await tx.select(keyedColumns).from(funders).where(byId(companyId, id));
      return row ? ((await withCounts(tx, companyId, [row]))[0] ?? null) : null;
    });

  return {
    async list(companyId: number, params: FunderListParams, within?: Transaction) {
      return inCompany(within ?? db, companyId, async (tx) => {
        const page = await lists.readPage(tx, params, order, funderList(companyId, params));
        return { rows: await withCounts(tx, companyId, page.rows), total: page.total };
      });
    },

    /** Every funder the list shows for `params`, in its order, as a CSV file (see Unwanted). */
    exportCsv(companyId: number, params: FunderListParams & ChosenIds, { signal }: Unwanted = {}) {
      return lists.exportCompanyList(
        db,
        params,
        order,
        funderList(companyId, params),
        funderExport,
        signal,
      );
    },

    get,

    /**
     * When the funder last changed, locked until `within` ends (lockVersion); null: none. For a
     * change that gives it a new `name`, or its deletion (`name` null), the company's funder names
     * are taken first (holdFunderNames), as the change will take them.
     */
    lockVersion(
      companyId: number,
      id: number,
      within: Transaction,
      name?: string | null,
    ): Promise<Date | null> {
      return inCompany(within, companyId, async (tx) => {
        if (name === null || (await renames(tx, companyId, id, name))) {
          await holdFunderNames(tx, companyId);
        }
        return lockVersion(tx, funders, byId(companyId, id));
      });
    },

    /** A funder's page: the record, its grants' figures, and what is related to it. */
    async detail(
      companyId: number,
      id: number,
      timeZone?: string,
      within?: Transaction,
    ): Promise<FunderDetail | null> {
      return inCompany(within ?? db, companyId, async (tx) => {
        const [row] = await tx.select(keyedColumns).from(funders).where(byId(companyId, id));
        if (!row) return null;
        const [funder] = await withCounts(tx, companyId, [row]);
        if (!funder) return null;
        const key = row.nameKey;
        const ofGrants = carries(grants, grants.funderNameKey, companyId, key);
        const ofContacts = carries(contacts, contacts.organizationKey, companyId, key);
        const ofOpportunities = carries(
          opportunities,
          opportunities.organizationKey,
          companyId,
          key,
        );
        const [figures] = await tx
          .select({
            requested: sql<number>`coalesce(sum(${grants.amount}), 0)`.mapWith(Number),
            // What was awarded, or what was asked for where the award's amount is not recorded.
            awarded:
              sql<number>`coalesce(sum(coalesce(${grants.awardedAmount}, ${grants.amount})) filter (where ${grants.status} = 'awarded'), 0)`.mapWith(
                Number,
              ),
            awardedCount: sql<number>`count(*) filter (where ${grants.status} = 'awarded')`.mapWith(
              Number,
            ),
            rejectedCount:
              sql<number>`count(*) filter (where ${grants.status} = 'rejected')`.mapWith(Number),
          })
          .from(grants)
          .where(ofGrants);
        const awardedCount = figures?.awardedCount ?? 0;
        const rejectedCount = figures?.rejectedCount ?? 0;

        // Deadlines from the start of the reader's day (else the company's): one due this
        // morning is still to come, as the dashboard has it.
        const today = startOfDay(new Date(), timeZone ?? (await companyTimeZone(tx, companyId)));
        const contactRows = await tx
          .select(contactColumns)
          .from(contacts)
          .where(ofContacts)
          .orderBy(asc(alphabetical(contacts.name)), asc(contacts.id))
          .limit(FUNDER_RELATED_SHOWN);
        const grantRows = await tx
          .select(grantColumns)
          .from(grants)
          .where(ofGrants)
          .orderBy(desc(grants.dueDate), desc(grants.id))
          .limit(FUNDER_RELATED_SHOWN);
        const opportunityRows = await tx
          .select(opportunityColumns)
          .from(opportunities)
          .where(ofOpportunities)
          .orderBy(asc(opportunities.expectedCloseDate), asc(opportunities.id))
          .limit(FUNDER_RELATED_SHOWN);
        const interactionRows = await newestOfContacts(
          tx,
          companyId,
          ofContacts,
          FUNDER_RELATED_SHOWN,
        );
        const grantDeadlines = await grantDeadlinesWhere(
          tx,
          and(ofGrants, inArray(grants.status, activeGrantStatuses), gte(grants.dueDate, today)),
          FUNDER_RELATED_SHOWN,
        );
        const taskDeadlines = await tx
          .select({
            id: grantTasks.id,
            grantId: grantTasks.grantId,
            title: grantTasks.name,
            dueDate: grantTasks.dueDate,
          })
          .from(grantTasks)
          .innerJoin(grants, grantOfTask)
          .where(
            and(
              ofGrants,
              owedWork,
              inArray(grantTasks.status, [...openTaskStatuses]),
              gte(grantTasks.dueDate, today),
            ),
          )
          .orderBy(asc(grantTasks.dueDate), asc(grantTasks.id))
          .limit(FUNDER_RELATED_SHOWN);
        // What its awarded grants owe: reports, budgets, visits still pending.
        const requirementDeadlines = await tx
          .select({
            id: grantRequirements.id,
            grantId: grantRequirements.grantId,
            title: grantRequirements.name,
            dueDate: grantRequirements.dueDate,
          })
          .from(grantRequirements)
          .innerJoin(grants, grantOfRequirement)
          .where(
            and(
              ofGrants,
              owedWork,
              eq(grantRequirements.status, 'pending'),
              gte(grantRequirements.dueDate, today),
            ),
          )
          .orderBy(asc(grantRequirements.dueDate), asc(grantRequirements.id))
          .limit(FUNDER_RELATED_SHOWN);
        const deadline =
          (kind: FunderDeadline['kind']) =>
          (row: { id: number; grantId: number; title: string; dueDate: Date | null }) =>
            row.dueDate ? [{ kind, ...row, dueDate: row.dueDate.toISOString() }] : [];
        const deadlines: FunderDeadline[] = [
          ...grantDeadlines.flatMap((g) =>
            deadline('grant')({ id: g.id, grantId: g.id, title: g.name, dueDate: g.dueDate }),
          ),
          ...taskDeadlines.flatMap(deadline('task')),
          ...requirementDeadlines.flatMap(deadline('requirement')),
        ]
          .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
          .slice(0, FUNDER_RELATED_SHOWN);

        return {
          ...funder,
          requestedTotal: figures?.requested ?? 0,
          awardedTotal: figures?.awarded ?? 0,
          awardedCount,
          rejectedCount,
          winRate: winRate(awardedCount, rejectedCount),
          contacts: contactRows.map(toContact),
          grants: grantRows.map(toGrant),
          opportunities: opportunityRows.map(toOpportunity),
          interactions: interactionRows,
          deadlines,
        };
      });
    },

    /**
     * Changes the funder's fields; a new name is given, in the same transaction, to every grant,
     * opportunity and contact that carried the old one. 'name-taken' when another funder already
     * has the new name (merge them instead).
     */
    async update(
      companyId: number,
      id: number,
      patch: FunderPatch,
      within?: Transaction,
    ): Promise<RenameOutcome> {
      // Two renames to one new name at once: the second is refused by the unique index.
      return onViolation(
        'funders_name_key',
        'name-taken',
        () =>
          inCompany(within ?? db, companyId, async (tx) => {
            const renaming = await renames(tx, companyId, id, patch.name);
            const current = renaming
              ? await lockWithRecords(tx, companyId, id)
              : await lockedRow(tx, companyId, id, 'no key update');
            if (!current) return null;
            // Renamed by someone else since it was read: this change would rename it back, and
            // has not taken what a rename takes first.
            if (!renaming && patch.name !== undefined && patch.name !== current.name) {
              return 'renamed-meanwhile';
            }
            if (Object.keys(patch).length > 0) {
              await tx.update(funders).set(patch).where(byId(companyId, id));
            }
            if (patch.name !== undefined && patch.name !== current.name) {
              await renameRecords(tx, companyId, current.nameKey, patch.name);
            }
            return get(companyId, id, tx);
          }),
        within,
      );
    },

    /**
     * Gives every record of funder `id` the name of funder `intoId`, then removes `id`. The kept
     * funder takes the type, website and notes of the other where it has none, and its history
     * says what was merged into it. Null when either is missing.
     */
    async merge(
      companyId: number,
      id: number,
      intoId: number,
      within?: Transaction,
    ): Promise<MergeOutcome> {
      if (id === intoId) return 'same-funder';
      return inCompany(within ?? db, companyId, async (tx) => {
        await holdFunderNames(tx, companyId);
        const key = await keyOf(tx, companyId, id);
        if (key === null) return null;
        await lockRecords(tx, companyId, key);
        // The two funders in id order, so two merges of one pair in opposite directions wait for
        // each other rather than deadlock; the kept one only against a change of its name.
        const lockOne = (one: number) =>
          lockedRow(tx, companyId, one, one === id ? 'update' : 'no key update');
        const [first, second] = id < intoId ? [id, intoId] : [intoId, id];
        const a = await lockOne(first);
        const b = await lockOne(second);
        const merged = first === id ? a : b;
        const kept = first === id ? b : a;
        if (!merged) return null;
        if (!kept) return 'no-target';
        // The records saved with its name while the funder was waited for (or of a name it was
        // given meanwhile) are locked too; from here on such a record waits for the merge, then
        // adds the funder of its name anew.
        await lockRecords(tx, companyId, merged.nameKey);
        // The funder goes before its records are renamed: the funders' list is counted before
        // the records' lists, the order of every write that adds a funder (a record saved with
        // a new name) and of a rename, so that none of them waits for the other's list.
        await tx.delete(funders).where(byId(companyId, merged.id));
        await renameRecords(tx, companyId, merged.nameKey, kept.name);
        // No one row's change says so: the entry is written apart (migration 0039), before the
        // kept funder's own change, which it explains.
        await tx.execute(sql`SELECT record_funder_merge(${merged.name}, ${kept.id})`);
        await tx
          .update(funders)
          .set({
            type: kept.type ?? merged.type,
            website: kept.website ?? merged.website,
            notes: kept.notes ?? merged.notes,
          })
          .where(byId(companyId, kept.id));
        return get(companyId, kept.id, tx);
      });
    },

    /**
     * Removes a funder that no grant, opportunity or contact names any more (a misspelling
     * corrected on every record): 'in-use' while one still does (merge it instead), false when
     * there is no such funder. A record being given its name is waited for and counted
     * (lockWithRecords); one given it once the delete has begun waits for it, then adds the
     * funder anew.
     */
    remove(companyId: number, id: number, within?: Transaction): Promise<RemoveOutcome> {
      return inCompany(within ?? db, companyId, async (tx) => {
        const row = await lockWithRecords(tx, companyId, id);
        if (!row) return false;
        const counted = (await countsOf(tx, companyId, [row.nameKey])).get(row.nameKey);
        if (counted && counted.grantCount + counted.opportunityCount + counted.contactCount > 0) {
          return 'in-use';
        }
        await tx.delete(funders).where(byId(companyId, id));
        return true;
      });
    },
  };
}
