import type {
  Interaction,
  InteractionListParams,
  InteractionSortField,
  InteractionValues,
} from '../../../domain/interactions.ts';
import type { Database } from '../../db/client.ts';
import type { ExportColumn } from '../../db/export-stream.ts';
import * as lists from '../../db/list-helpers.ts';
import { companyRecords, type RowOf, stampColumns, withIsoStamps } from '../../db/rows.ts';
import { alphabetical, interactions } from '../../db/schema.ts';

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
