import type {
  Interaction,
  InteractionListParams,
  InteractionSortField,
  InteractionValues,
} from '../../../domain/interactions.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { ExportColumn } from '../../db/export-stream.ts';
import * as lists from '../../db/list-helpers.ts';
import {
  companyRow,
  deleteCompanyRow,
  deleteCompanyRows,
  insertRow,
  type RowOf,
  stampColumns,
  updateRow,
  withIsoStamps,
} from '../../db/rows.ts';
import { interactions } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';

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
    contactName: interactions.contactName,
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
  const byId = companyRow(interactions);

  return {
    ...lists.companyListing(db, order, interactionList, toInteraction, interactionExport),

    async get(companyId: number, id: number, within?: Transaction): Promise<Interaction | null> {
      const [row] = await inCompany(within ?? db, companyId, (tx) =>
        tx.select(interactionColumns).from(interactions).where(byId(companyId, id)),
      );
      return row ? toInteraction(row) : null;
    },

    /**
     * The contact's name is copied into the row by a trigger before it is written (migration
     * 0010), so the row RETURNING reads carries it.
     */
    async create(companyId: number, values: InteractionValues, within?: Transaction) {
      const row = await inCompany(within ?? db, companyId, (tx) =>
        insertRow(tx, interactions, interactionColumns, { ...values, companyId }),
      );
      return toInteraction(row);
    },

    async update(
      companyId: number,
      id: number,
      values: Partial<InteractionValues>,
      within?: Transaction,
    ) {
      const row = await inCompany(within ?? db, companyId, (tx) =>
        updateRow(tx, interactions, interactionColumns, byId(companyId, id), values),
      );
      return row ? toInteraction(row) : null;
    },

    /** Deletes the company's records among `ids` in one statement; answers how many went. */
    removeMany(companyId: number, ids: number[], within?: Transaction): Promise<number> {
      return inCompany(within ?? db, companyId, (tx) =>
        deleteCompanyRows(tx, interactions, companyId, ids),
      );
    },

    remove(companyId: number, id: number, within?: Transaction): Promise<boolean> {
      return inCompany(within ?? db, companyId, (tx) =>
        deleteCompanyRow(tx, interactions, companyId, id),
      );
    },
  };
}
