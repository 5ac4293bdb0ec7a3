import type {
  Interaction,
  InteractionListParams,
  InteractionSortField,
  InteractionValues,
} from '../../../domain/interactions.ts';
import type { Database, Transaction } from '../../db/client.ts';
import * as lists from '../../db/list-helpers.ts';
import { interactions } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';

const columns = {
  id: interactions.id,
  contactId: interactions.contactId,
  contactName: interactions.contactName,
  type: interactions.type,
  notes: interactions.notes,
  date: interactions.date,
  companyId: interactions.companyId,
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

type Row = Omit<Interaction, 'date'> & { date: Date };
const toInteraction = (row: Row): Interaction => ({ ...row, date: row.date.toISOString() });

export function createInteractionsRepository(db: Database) {
  const byId = lists.companyRow(interactions);

  const selectOne = async (tx: Transaction, companyId: number, id: number) => {
    const [row] = await tx.select(columns).from(interactions).where(byId(companyId, id));
    return row ? toInteraction(row) : null;
  };

  return {
    async list(companyId: number, params: InteractionListParams, within?: Transaction) {
      const page = await inCompany(within ?? db, companyId, (tx) =>
        lists.readPage(tx, params, order, {
          table: interactions,
          list: 'interactions',
          companyId,
          columns,
          filters: { contactId: lists.equalsIfSet(interactions.contactId, params.contactId) },
          search: lists.searchFor('interactions_search_page', params.q, params.contactId),
        }),
      );
      return { rows: page.rows.map(toInteraction), total: page.total };
    },

    get(companyId: number, id: number, within?: Transaction) {
      return inCompany(within ?? db, companyId, (tx) => selectOne(tx, companyId, id));
    },

    create(companyId: number, values: InteractionValues, within?: Transaction) {
      return inCompany(within ?? db, companyId, async (tx) => {
        const [created] = await tx
          .insert(interactions)
          .values({ ...values, companyId })
          .returning({ id: interactions.id });
        if (!created) throw new Error('interaction insert returned no row');
        const interaction = await selectOne(tx, companyId, created.id);
        if (!interaction) throw new Error('inserted interaction not found');
        return interaction;
      });
    },

    update(
      companyId: number,
      id: number,
      values: Partial<InteractionValues>,
      within?: Transaction,
    ) {
      return inCompany(within ?? db, companyId, async (tx) => {
        if (Object.keys(values).length > 0) {
          await tx.update(interactions).set(values).where(byId(companyId, id));
        }
        return selectOne(tx, companyId, id);
      });
    },

    remove(companyId: number, id: number, within?: Transaction): Promise<boolean> {
      return inCompany(within ?? db, companyId, (tx) =>
        lists.deleteCompanyRow(tx, interactions, companyId, id),
      );
    },
  };
}
