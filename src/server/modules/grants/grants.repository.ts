import { and, count, eq, ilike, or, sum } from 'drizzle-orm';
import {
  type Grant,
  type GrantListParams,
  type GrantSortField,
  type GrantValues,
  grantStatuses,
  type Pipeline,
} from '../../../domain/grants.ts';
import type { Database, Transaction } from '../../db/client.ts';
import {
  containsPattern,
  type ListOrder,
  listKey,
  listWhere,
  orderFor,
  readPage,
} from '../../db/list-helpers.ts';
import { grants } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';

const columns = {
  id: grants.id,
  name: grants.name,
  funder: grants.funder,
  amount: grants.amount,
  dueDate: grants.dueDate,
  status: grants.status,
  notes: grants.notes,
  documentUrl: grants.documentUrl,
  companyId: grants.companyId,
};

const order: ListOrder<GrantSortField> = {
  columns: {
    name: grants.name,
    funder: grants.funder,
    amount: grants.amount,
    dueDate: grants.dueDate,
    status: grants.status,
  },
  fallback: [
    [grants.dueDate, 'asc'],
    [grants.id, 'asc'],
  ],
  id: grants.id,
};

type Row = Omit<Grant, 'dueDate'> & { dueDate: Date };
const toGrant = (row: Row): Grant => ({ ...row, dueDate: row.dueDate.toISOString() });

export function createGrantsRepository(db: Database) {
  const byId = (companyId: number, id: number) =>
    and(eq(grants.companyId, companyId), eq(grants.id, id));

  return {
    async list(companyId: number, params: GrantListParams, within?: Transaction) {
      const { funder, status, q } = params;
      const pattern = q ? containsPattern(q) : undefined;
      const { where, filtered } = listWhere(
        eq(grants.companyId, companyId),
        funder === undefined ? undefined : eq(grants.funder, funder),
        status === undefined ? undefined : eq(grants.status, status),
        pattern === undefined
          ? undefined
          : or(ilike(grants.name, pattern), ilike(grants.funder, pattern)),
      );
      const page = await inCompany(within ?? db, companyId, (tx) =>
        readPage(tx, params, orderFor(params.sort, order), {
          table: grants,
          where,
          columns,
          company: grants.companyId,
          filtered,
          counted: { companyId, list: 'grants' },
          key: listKey(params, ['funder', 'status']),
          rows: (seek) => tx.select(columns).from(grants).where(and(where, seek)).$dynamic(),
        }),
      );
      return { rows: page.rows.map(toGrant), total: page.total };
    },

    /** Every status in pipeline order, with its count and total amount (zero when empty). */
    async pipeline(companyId: number, within?: Transaction): Promise<Pipeline> {
      const rows = await inCompany(within ?? db, companyId, (tx) =>
        tx
          .select({
            status: grants.status,
            count: count(),
            total: sum(grants.amount).mapWith(Number),
          })
          .from(grants)
          .where(eq(grants.companyId, companyId))
          .groupBy(grants.status),
      );
      return grantStatuses.map((status) => {
        const row = rows.find((r) => r.status === status);
        return { status, count: row?.count ?? 0, total: row?.total ?? 0 };
      });
    },

    async get(companyId: number, id: number, within?: Transaction): Promise<Grant | null> {
      const [row] = await inCompany(within ?? db, companyId, (tx) =>
        tx.select(columns).from(grants).where(byId(companyId, id)),
      );
      return row ? toGrant(row) : null;
    },

    async create(companyId: number, values: GrantValues, within?: Transaction): Promise<Grant> {
      const [row] = await inCompany(within ?? db, companyId, (tx) =>
        tx
          .insert(grants)
          .values({ ...values, companyId })
          .returning(columns),
      );
      if (!row) throw new Error('grant insert returned no row');
      return toGrant(row);
    },

    async update(
      companyId: number,
      id: number,
      values: Partial<GrantValues>,
      within?: Transaction,
    ) {
      const [row] = await inCompany(within ?? db, companyId, (tx) =>
        Object.keys(values).length === 0
          ? tx.select(columns).from(grants).where(byId(companyId, id))
          : tx.update(grants).set(values).where(byId(companyId, id)).returning(columns),
      );
      return row ? toGrant(row) : null;
    },

    /** Deletes the grant and, through the foreign key, its tasks. */
    async remove(companyId: number, id: number, within?: Transaction): Promise<boolean> {
      const deleted = await inCompany(within ?? db, companyId, (tx) =>
        tx.delete(grants).where(byId(companyId, id)).returning({ id: grants.id }),
      );
      return deleted.length > 0;
    },
  };
}
