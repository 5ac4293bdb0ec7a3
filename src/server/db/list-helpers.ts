import { createHash } from 'node:crypto';
import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ListParams } from '../../domain/lists.ts';

/** `%q%` for ILIKE, with the user's own % and _ taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Runs a query as a named prepared statement, named by a hash of its text: on a PostgreSQL
 * server each pooled connection parses and plans it once, then only binds and executes it.
 * Lists build a handful of distinct texts (one per sort, direction and filter combination), so
 * the statements a connection keeps stay few.
 *
 * The name is set on the driver's query config after Drizzle has built the text, so the query
 * is built once (Drizzle 0.45 keeps it in `queryConfig`/`rawQueryConfig`; the embedded driver
 * has no named statements and none is set). test/api/prepared-statements.test.ts checks it.
 */
export function prepared<Query extends PgSelect>(query: Query): Promise<Awaited<Query>> {
  const statement = query.prepare('') as unknown as DriverStatement;
  const text = statement.queryConfig?.text;
  if (text && statement.rawQueryConfig) {
    const name = `gw_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    statement.queryConfig = { ...statement.queryConfig, name };
    statement.rawQueryConfig = { ...statement.rawQueryConfig, name };
  }
  return statement.execute() as Promise<Awaited<Query>>;
}

interface DriverStatement {
  queryConfig?: { name?: string; text?: string };
  rawQueryConfig?: { name?: string; text?: string };
  execute(): Promise<unknown>;
}

/** One ORDER BY term: a column and its direction. */
export type OrderTerm = readonly [AnyColumn | SQL, 'asc' | 'desc'];

/** The ORDER BY terms for a `sort` parameter, with the id last so pages never overlap. */
export function orderFor<Field extends string>(
  sort: NoInfer<ListParams<Field>['sort']>,
  columns: Record<Field, AnyColumn | SQL>,
  fallback: OrderTerm[],
  id: AnyColumn,
): OrderTerm[] {
  if (!sort) return fallback;
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  const column = columns[(direction === 'desc' ? sort.slice(1) : sort) as Field];
  return [
    [column, direction],
    [id, direction],
  ];
}

/**
 * The terms as ORDER BY clauses, or each one turned around. PostgreSQL puts NULLs last going
 * up and first going down, so the turned-around order is exactly the reverse of the order.
 */
const orderBy = (terms: OrderTerm[], reversed: boolean) =>
  terms.map(([column, direction]) =>
    (direction === 'asc') !== reversed ? asc(column) : desc(column),
  );

/**
 * One page of a list and its total. OFFSET makes PostgreSQL walk past every skipped row, so a
 * page in the back half of the list is read from the other end, in the reversed order, and
 * turned around: the last page of 100,000 rows costs what the first one does, and no page
 * walks past more than half of the list.
 */
export async function readPage<Query extends PgSelect, Count extends PgSelect>(
  { limit, offset = 0 }: { limit?: number | undefined; offset?: number | undefined },
  terms: OrderTerm[],
  /** Selects `{ total: count() }` under the list's conditions. */
  countQuery: () => Count,
  select: () => Query,
): Promise<{ rows: Awaited<Query>; total: number }> {
  const [counted] = (await prepared(countQuery())) as unknown as { total: number }[];
  const total = counted?.total ?? 0;
  const read = async (reversed: boolean, size: number | undefined, skip: number) => {
    const query = select().orderBy(...orderBy(terms, reversed));
    if (size !== undefined) query.limit(size);
    if (skip > 0) query.offset(skip);
    return prepared(query);
  };
  if (offset >= total) return { rows: [] as Awaited<Query>, total };
  if (limit !== undefined) {
    const size = Math.min(limit, total - offset);
    const after = total - offset - size;
    if (after < offset) {
      const rows = await read(true, size, after);
      return { rows: rows.reverse() as Awaited<Query>, total };
    }
  }
  return { rows: await read(false, limit, offset), total };
}
