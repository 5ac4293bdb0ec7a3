import { and, count, eq, ilike, or, type SQL, sum } from 'drizzle-orm';
import {
  type Grant,
  type GrantStatus,
  type GrantValues,
  type grantSortFields,
  grantStatuses,
  type Pipeline,
} from '../../../domain/grants.ts';
import type { ListParams } from '../../../domain/lists.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { containsPattern, listKey, orderFor, readPage } from '../../db/list-helpers.ts';
import { grants } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';

type SortField = (typeof grantSortFields)[number];

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

const sortColumns = {
  name: grants.name,
  funder: grants.funder,
  amount: grants.amount,
  dueDate: grants.dueDate,
  status: grants.status,
};

type Row = Omit<Grant, 'dueDate'> & { dueDate: Date };
const toGrant = (row: Row): Grant => ({ ...row, dueDate: row.dueDate.toISOString() });

export interface GrantListParams extends ListParams<SortField> {
  funder?: string | undefined;
  status?: GrantStatus | undefined;
}

export function createGrantsRepository(db: Database) {
  const byId = (companyId: number, id: number) =>
    and(eq(grants.companyId, companyId), eq(grants.id, id));

  return {
    async list(companyId: number, params: GrantListParams, within?: Transaction) {
      const filters: (SQL | undefined)[] = [eq(grants.companyId, companyId)];
      if (params.funder !== undefined) filters.push(eq(grants.funder, params.funder));
      if (params.status !== undefined) filters.push(eq(grants.status, params.status));
      if (params.q) {
        const pattern = containsPattern(params.q);
        filters.push(or(ilike(grants.name, pattern), ilike(grants.funder, pattern)));
      }
      const where = and(...filters);
      const terms = orderFor(
        params.sort,
        sortColumns,
        [
          [grants.dueDate, 'asc'],
          [grants.id, 'asc'],
        ],
        grants.id,
      );
      const page = await inCompany(within ?? db, companyId, (tx) =>
        readPage(tx, params, terms, {
          table: grants,
          where,
          columns: columns,
          company: grants.companyId,
          filtered: filters.length > 1,
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
