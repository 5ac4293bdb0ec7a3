import { and, desc, eq, exists, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type {
  Interaction,
  InteractionListParams,
  InteractionSortField,
  InteractionValues,
} from '../../../domain/interactions.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { decodeRows } from '../../db/compiled-statements.ts';
import type { ExportColumn } from '../../db/export-stream.ts';
import { contactOfInteraction } from '../../db/joins.ts';
import * as lists from '../../db/list-helpers.ts';
import { companyRecords, type RowOf, stampColumns, withIsoStamps } from '../../db/rows.ts';
import { alphabetical, contacts, interactions } from '../../db/schema.ts';

/** An interaction as the API answers it (other modules' lists select the same). */
export const interactionColumns = {
  id: interactions.id,
  contactId: interactions.contactId,
  contactName: interactions.contactName,
  type: interactions.type,
  notes: interactions.notes,
  date: interactions.date,
  companyId: interactions.companyId,
  ...stampColumns(interactions),
};

const order = lists.listOrder<InteractionSortField>(
  interactions.id,
  {
    date: interactions.date,
    type: interactions.type,
    contactName: alphabetical(interactions.contactName),
  },
  interactions.date,
  'desc',
);

type Row = RowOf<Interaction, { date: Date }>;
export const toInteraction = (row: Row): Interaction => ({
  ...withIsoStamps(row),
  date: row.date.toISOString(),
});

/**
 * How many of the company's newest interactions newestOfContacts looks through first: about a
 * millisecond to read, and a funder's page is full among them when the funder has one in twenty
 * of the company's latest interactions.
 */
const NEWEST_LOOKED_THROUGH = 200;

const dialect = new PgDialect();

/**
 * The newest `limit` interactions of the company's contacts that `ofContacts` picks (a funder's,
 * on its page), newest first.
 *
 * Left to choose, PostgreSQL reads the company's interactions newest first from their index and
 * stops at the page's last one found: quick for a funder in touch every week, but for one with
 * many contacts and no interaction (or none for years) it reads every interaction of the
 * company, each with its contact, several times slower than sorting them all. So the company's
 * newest few hundred are looked through first, read from the index: when the page is full among
 * them it is the page, no older interaction can come before its rows. Otherwise the contacts'
 * interactions are all found first, then sorted: as a MATERIALIZED CTE they are planned on their
 * own, for all of their rows, so reading the company's newest first is not open to the planner.
 * (Finding only the contacts first is not enough: the planner still read the newest first,
 * checking each against them.)
 */
export async function newestOfContacts(
  tx: Transaction,
  companyId: number,
  ofContacts: SQL | undefined,
  limit: number,
): Promise<Interaction[]> {
  const newest = tx
    .select(interactionColumns)
    .from(interactions)
    .where(eq(interactions.companyId, companyId))
    .orderBy(desc(interactions.date), desc(interactions.id))
    .limit(NEWEST_LOOKED_THROUGH)
    .as('newest');
  const recent = await tx
    .select()
    .from(newest)
    .where(
      exists(
        tx
          .select({ id: contacts.id })
          .from(contacts)
          .where(
            and(
              ofContacts,
              eq(contacts.companyId, newest.companyId),
              eq(contacts.id, newest.contactId),
            ),
          ),
      ),
    )
    .orderBy(desc(newest.date), desc(newest.id))
    .limit(limit);
  if (recent.length === limit) return recent.map(toInteraction);
  const theirs = tx
    .select(interactionColumns)
    .from(interactions)
    .innerJoin(contacts, contactOfInteraction)
    .where(and(eq(interactions.companyId, companyId), ofContacts));
  const { sql: text, params } = dialect.sqlToQuery(
    sql`WITH found AS MATERIALIZED (${theirs})
      SELECT * FROM found ORDER BY date DESC, id DESC LIMIT ${limit}`,
  );
  const result = await tx.$client.query<unknown[]>({ text, values: params, rowMode: 'array' });
  return decodeRows<Row>(result.rows, Object.entries(interactionColumns)).map(toInteraction);
}

/** The interactions list of a company for `params`: its filter and its search. */
const interactionList = (companyId: number, params: InteractionListParams) => ({
  table: interactions,
  companyId,
  columns: interactionColumns,
  filters: { contactId: lists.equalsIfSet(interactions.contactId, params.contactId) },
  search: lists.searchFor('interactions_search_page', params.q, params.contactId),
});

/** An interaction in an export, as the list shows it. */
const interactionExport: ExportColumn[] = [
  { label: 'Date', column: interactions.date },
  { label: 'Contact', column: interactions.contactName },
  { label: 'Type', column: interactions.type },
  { label: 'Notes', column: interactions.notes },
];

export function createInteractionsRepository(db: Database) {
  return {
    ...lists.companyListing(db, order, interactionList, toInteraction, interactionExport),

    // The contact's name is copied into the row by a trigger before it is written (migration
    // 0010), so the row an insert returns carries it.
    ...companyRecords<InteractionValues>()(db, interactions, interactionColumns, toInteraction),
  };
}
