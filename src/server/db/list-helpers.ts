import {
  type AnyColumn,
  and,
  asc,
  Column,
  count,
  desc,
  eq,
  getTableName,
  ilike,
  inArray,
  is,
  or,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import { PgColumn, type PgTable, QueryBuilder } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { ChosenIds, ListParams } from '../../domain/lists.ts';
import type { Database, Transaction } from './client.ts';
import { type CompiledStatement, compileStatement, runCompiled } from './compiled-statements.ts';
import {
  companyCsvFile,
  type ExportColumn,
  exportSelection,
  type Unwanted,
} from './export-stream.ts';
import { sortedColumn } from './schema.ts';
import { inCompany } from './scope.ts';
import { type Search, searchPage } from './search-pages.ts';

/** `%q%` for ILIKE, with the user's own % and _ taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A list's filter on a column: its value when the parameter is set, else none. */
export const equalsIfSet = (column: AnyColumn, value: unknown) =>
  value === undefined ? undefined : eq(column, value);

/** A list's search as a filter: the rows where any of the columns contains `q`, when it is set. */
export function containsAny(q: string | undefined, ...columns: AnyColumn[]) {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/**
 * A search of a list through its search function, when `q` is given: row-level security would
 * keep a plain ILIKE from the search index (migrations 0011 and 0013). `only` is the list's one
 * filter, when it is set.
 */
export const searchFor = (page: Search['page'], q: string | undefined, only: unknown) =>
  q ? { page, pattern: containsPattern(q), only: only ?? null } : undefined;

/** One ORDER BY term: a column and its direction. */
type OrderTerm = readonly [AnyColumn | SQL, 'asc' | 'desc'];

/** How a list can be sorted: a column per sort field, its own order, and the id. */
interface ListOrder<Field extends string> {
  columns: Record<Field, AnyColumn | SQL>;
  /** The order without a `sort` parameter, ending with the id. */
  fallback: OrderTerm[];
  id: AnyColumn;
}

/** A list's order: its sort columns, and its own order by `by` then the id, both `direction`. */
export function listOrder<Field extends string>(
  id: AnyColumn,
  columns: Record<Field, AnyColumn | SQL>,
  by: AnyColumn | SQL,
  direction: 'asc' | 'desc',
): ListOrder<Field> {
  return {
    columns,
    fallback: [
      [by, direction],
      [id, direction],
    ],
    id,
  };
}

/** The ORDER BY terms for a `sort` parameter, with the id last so pages never overlap. */
function orderFor<Field extends string>(
  sort: NoInfer<ListParams<Field>['sort']>,
  order: ListOrder<Field>,
): OrderTerm[] {
  if (!sort) return order.fallback;
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  const column = order.columns[(direction === 'desc' ? sort.slice(1) : sort) as Field];
  return [
    [column, direction],
    [order.id, direction],
  ];
}

/**
 * Each stage of a pipeline in order, with the count and total amount of the company's records
 * in it (zero for a stage with none).
 */
export async function stageTotals<Stage extends string>(
  tx: Transaction,
  table: PgTable & { companyId: AnyColumn; amount: AnyColumn },
  stageColumn: PgColumn,
  stages: readonly Stage[],
  companyId: number,
) {
  const rows = await tx
    .select({ stage: stageColumn, count: count(), total: sum(table.amount).mapWith(Number) })
    .from(table)
    .where(eq(table.companyId, companyId))
    .groupBy(stageColumn);
  return stages.map((stage) => {
    const row = rows.find((r) => r.stage === stage);
    return { stage, count: row?.count ?? 0, total: row?.total ?? 0 };
  });
}

/**
 * A list's WHERE: the company's rows, and each filter that is set (undefined ones are left
 * out). `filtered` says whether any was: then the total is counted rather than read.
 */
export function listWhere(company: SQL, ...filters: (SQL | undefined)[]) {
  const set = filters.filter((filter) => filter !== undefined);
  return { where: and(company, ...set), filtered: set.length > 0 };
}

/**
 * The terms as ORDER BY clauses, or each one turned around. PostgreSQL puts NULLs last going
 * up and first going down, so the turned-around order is exactly the reverse of the order.
 */
const orderBy = (terms: OrderTerm[], reversed: boolean) =>
  terms.map(([column, direction]) =>
    (direction === 'asc') !== reversed ? asc(column) : desc(column),
  );

/** Names a list's sort, search and filters, for the boundaries kept per list. */
function listKey<Params extends ListParams<string>>(
  params: Params,
  filters: (keyof Params)[],
): string {
  return JSON.stringify([params.sort ?? '', params.q ?? '', ...filters.map((f) => params[f])]);
}

/** The lists whose rows list_counts counts (each its table's name). */
type CountedList = 'contacts' | 'interactions' | 'grants' | 'opportunities' | 'funders';

/**
 * A company's kept count of a list and its version (grown by every write to the list, in the
 * write's transaction). Every list request reads it: a plain statement, without the builder.
 */
async function readCounter(tx: Transaction, counted: { companyId: number; list: CountedList }) {
  const result = await tx.$client.query<{ total: number; version: string }>(
    `SELECT total::int AS total, version::text AS version FROM list_counts
     WHERE company_id = $1 AND list = $2`,
    [counted.companyId, counted.list],
  );
  const [counter] = result.rows;
  return { total: counter?.total ?? 0, version: counter?.version ?? '0' };
}

/** A list's columns, as `tx.select(columns)` reads them. */
type Columns = Record<string, PgColumn>;

/** A company's list, as a repository describes it to readPage. */
interface ListSource<Params, Selected extends Columns> {
  /** The list's table, with its company column; list_counts names the list after it. */
  table: PgTable & { companyId: PgColumn; _: { name: CountedList } };
  companyId: number;
  /**
   * The selected columns: an unfiltered page is read through a statement compiled from them
   * once per shape (see compiledPage).
   */
  columns: Selected;
  /**
   * Each filter by the parameter that sets it: its condition, or undefined when it is not set.
   * Deep pages' boundaries are kept per sort, search and filters.
   */
  filters: { [Name in keyof Params]?: SQL | undefined };
  /**
   * A search, answered by the list's search function (migration 0013): it finds the matches
   * once, counts them and names the page's rows; `only` is the list's one filter, or null.
   */
  search?: Search | undefined;
}

/** A list as its page's statements read it. */
interface PageSource {
  table: PgTable & { companyId: PgColumn };
  columns: Columns;
  counted: { companyId: number; list: CountedList };
  search?: Search | undefined;
  /** The company's rows, and each filter that is set. */
  where: SQL | undefined;
  /** Whether `where` holds more than the company: then the total is counted, not read. */
  filtered: boolean;
  /** Names the sort, search and filters. */
  key: string;
}

/** Every this many rows of a list, the sort keys of its row are kept (see readPage). */
const BOUNDARY_STEP = 1_000;
/** A page this far from both ends of its list is read from the nearest boundary. */
const SEEK_BEYOND = 5_000;
/** Boundaries kept by this process, most recent last: some kilobytes each. */
const MAX_KEPT = 200;
const kept = new Map<string, unknown[][]>();

/**
 * The list's terms allow a seek when every term is a column that is never NULL and all go the
 * same way: then `(a, b) > (x, y)` is exactly "after row (x, y)", and PostgreSQL starts its
 * index scan there.
 */
const seekable = (terms: OrderTerm[]) =>
  terms.every(([column]) => is(column, Column) && column.notNull) &&
  terms.every(([, direction]) => direction === terms[0]?.[1]);

const orderSql = (terms: OrderTerm[]) =>
  sql.join(
    terms.map(([column, direction]) => sql`${column} ${sql.raw(direction)}`),
    sql`, `,
  );

/** `(a, b) > (x, y)`: the rows after the one whose sort keys are the values, in the list's order. */
function seekPast(terms: OrderTerm[], values: unknown[]) {
  const columns = sql.join(
    terms.map(([column]) => sql`${column}`),
    sql`, `,
  );
  const past = terms[0]?.[1] === 'desc' ? sql`<` : sql`>`;
  return sql`(${columns}) ${past} (${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

const compiledPages = new Map<string, CompiledStatement>();

/**
 * The statement for an unfiltered page of this shape (list, sort, which end it reads from,
 * whether it seeks, has a limit and skips rows), built once by the query builder with
 * placeholders for the company, the seek keys, the limit and the offset. Building a query costs
 * more than the rest of a list request's own work; the shapes are few.
 */
function compiledPage(
  tx: Transaction,
  source: PageSource,
  terms: OrderTerm[],
  shape: { reversed: boolean; seek: number; limit: boolean; offset: boolean },
): CompiledStatement {
  const key = JSON.stringify([source.counted.list, source.key, shape]);
  let compiled = compiledPages.get(key);
  if (compiled) return compiled;
  const seekKeys = Array.from({ length: shape.seek }, (_, i) => sql.placeholder(`seek${i}`));
  const query = tx
    .select(source.columns)
    .from(source.table)
    .where(
      and(
        eq(source.table.companyId, sql.placeholder('company')),
        shape.seek > 0 ? seekPast(terms, seekKeys) : undefined,
      ),
    )
    .orderBy(...orderBy(terms, shape.reversed))
    .$dynamic();
  if (shape.limit) query.limit(sql.placeholder('limit'));
  if (shape.offset) query.offset(sql.placeholder('offset'));
  compiled = compileStatement(query.toSQL(), Object.entries(source.columns));
  compiledPages.set(key, compiled);
  return compiled;
}

/** The sort keys of rows BOUNDARY_STEP, 2 × BOUNDARY_STEP, … of the list, in one pass. */
async function boundariesOf(tx: Transaction, source: PageSource, terms: OrderTerm[]) {
  const keys = Object.fromEntries(
    terms.map(([column], i) => [`k${i}`, sql`${column}`.as(`k${i}`)]),
  );
  const numbered = tx
    .select({ ...keys, rn: sql<number>`row_number() OVER (ORDER BY ${orderSql(terms)})`.as('rn') })
    .from(source.table)
    .where(source.where)
    .as('numbered');
  const rows = (await tx
    .select()
    .from(numbered)
    .where(sql`${numbered.rn} % ${BOUNDARY_STEP} = 0`)
    .orderBy(numbered.rn)) as Record<string, unknown>[];
  return rows.map((row) => terms.map((_, i) => row[`k${i}`]));
}

/**
 * One page of a list and its total.
 *
 * The unfiltered total is read from list_counts, kept in the transaction of every write; a
 * filtered one is counted. OFFSET makes PostgreSQL walk past every skipped row, so no page
 * walks past more than SEEK_BEYOND rows: a page near the end is read from the other end in the
 * reversed order and turned around, and a page deep in the middle seeks past the nearest
 * boundary (the keys of every thousandth row, found in one pass and kept while the list's
 * version stays the same) and walks less than a thousand rows from there.
 */
export async function readPage<
  Field extends string,
  Params extends ListParams<Field>,
  Selected extends Columns,
>(
  tx: Transaction,
  params: Params,
  order: ListOrder<Field>,
  list: ListSource<Params, Selected>,
): Promise<{ rows: SelectResultFields<Selected>[]; total: number }> {
  type Rows = SelectResultFields<Selected>[];
  const { limit, offset = 0 } = params;
  const terms = orderFor(params.sort, order);
  const { table, columns, companyId, search, filters } = list;
  const source: PageSource = {
    table,
    columns,
    counted: { companyId, list: getTableName(table) },
    search,
    ...listWhere(eq(table.companyId, companyId), ...Object.values<SQL | undefined>(filters)),
    key: listKey(params, Object.keys(filters) as (keyof Params)[]),
  };
  const counter = await readCounter(tx, source.counted);
  if (source.search) {
    const [term, direction] = terms[0] ?? [];
    const column = term && sortedColumn(term);
    if (!is(column, PgColumn)) throw new Error('a search is sorted by a column');
    const found = await searchPage(
      tx,
      { limit, offset },
      { column, descending: direction === 'desc' },
      {
        ...source.search,
        table: source.table,
        columns: source.columns,
        companyColumn: source.table.companyId,
        company: source.counted.companyId,
        cacheKey: `${source.counted.list}:${source.counted.companyId}:${counter.version}`,
      },
    );
    return { rows: found.rows as Rows, total: found.total };
  }
  const { version } = counter;
  let total = counter.total;
  if (source.filtered) {
    // Filtered lists run unnamed: PostgreSQL plans each with its values (a kept generic plan
    // would not know how selective a filter is).
    const [counted] = await tx.select({ total: count() }).from(source.table).where(source.where);
    total = counted?.total ?? 0;
  }
  const read = async (
    reversed: boolean,
    size: number | undefined,
    skip: number,
    seek: unknown[] = [],
  ): Promise<Rows> => {
    if (source.filtered) {
      const query = tx
        .select(source.columns)
        .from(source.table)
        .where(and(source.where, seek.length > 0 ? seekPast(terms, seek) : undefined))
        .orderBy(...orderBy(terms, reversed))
        .$dynamic();
      if (size !== undefined) query.limit(size);
      if (skip > 0) query.offset(skip);
      return (await query) as Rows;
    }
    const rows = await runCompiled(
      tx,
      compiledPage(tx, source, terms, {
        reversed,
        seek: seek.length,
        limit: size !== undefined,
        offset: skip > 0,
      }),
      {
        company: source.counted.companyId,
        limit: size,
        offset: skip,
        ...Object.fromEntries(seek.map((value, i) => [`seek${i}`, value])),
      },
    );
    return rows as Rows;
  };
  if (offset >= total) return { rows: [], total };
  if (limit === undefined) return { rows: await read(false, limit, offset), total };
  const size = Math.min(limit, total - offset);
  const after = total - offset - size;
  if (Math.min(offset, after) > SEEK_BEYOND && seekable(terms)) {
    const cacheKey = `${source.counted.list}:${source.counted.companyId}:${version}:${source.key}`;
    let boundaries = kept.get(cacheKey);
    if (boundaries) kept.delete(cacheKey);
    else boundaries = await boundariesOf(tx, source, terms);
    kept.set(cacheKey, boundaries);
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
    const index = Math.floor(offset / BOUNDARY_STEP) - 1;
    const boundary = boundaries[Math.min(index, boundaries.length - 1)];
    if (boundary) {
      const position = (Math.min(index, boundaries.length - 1) + 1) * BOUNDARY_STEP; // rows up to it
      return { rows: await read(false, size, offset - position, boundary), total };
    }
  }
  if (after < offset) {
    const rows = await read(true, size, after);
    return { rows: rows.reverse(), total };
  }
  return { rows: await read(false, limit, offset), total };
}

/**
 * A company's page of `list` (readPage), read in a transaction bound to the company (`db`, or
 * the transaction it already is), each row turned into the API's record by `toRecord`.
 */
async function readCompanyPage<
  Field extends string,
  Params extends ListParams<Field>,
  Selected extends Columns,
  Record,
>(
  db: Database | Transaction,
  params: Params,
  order: ListOrder<Field>,
  list: ListSource<Params, Selected>,
  toRecord: (row: SelectResultFields<Selected>) => Record,
): Promise<{ rows: Record[]; total: number }> {
  const page = await inCompany(db, list.companyId, (tx) => readPage(tx, params, order, list));
  return { rows: page.rows.map(toRecord), total: page.total };
}

/**
 * Every row of a company's list in the list's order, with its search and filters (`limit` and
 * `offset` are left aside): the statement an export reads through a cursor, selecting
 * `columns`. A search names its matches, in order, through the list's search function.
 */
function exportStatement<Field extends string, Params extends ListParams<Field>>(
  params: Params & ChosenIds,
  order: ListOrder<Field>,
  list: ListSource<Params, Columns>,
  columns: ExportColumn[],
): SQL {
  const terms = orderFor(params.sort, order);
  const { table, companyId, search, filters } = list;
  const id = list.columns.id;
  if (params.ids && !id) throw new Error('a list exported by ids selects its id');
  const chosen = params.ids && id ? inArray(id, [...params.ids]) : undefined;
  if (search) {
    const [term, direction] = terms[0] ?? [];
    const column = term && sortedColumn(term);
    if (!is(column, PgColumn)) throw new Error('a search is sorted by a column');
    if (!id) throw new Error('a searched list selects its id');
    const selection = sql.join(
      columns.map(({ column }) => sql`${column}`),
      sql`, `,
    );
    return sql`SELECT ${selection}
      FROM ${sql.identifier(search.page)}(${search.pattern}, ${column.name},
        ${direction === 'desc'}, NULL, 0, ${search.only}) WITH ORDINALITY AS found
      JOIN ${table} ON ${table.companyId} = ${companyId} AND ${id} = found.id
      ${chosen ? sql`WHERE ${chosen}` : sql``}
      ORDER BY found.ordinality`;
  }
  const { where } = listWhere(
    eq(table.companyId, companyId),
    ...Object.values<SQL | undefined>(filters),
    chosen,
  );
  return new QueryBuilder()
    .select(exportSelection(columns))
    .from(table)
    .where(where)
    .orderBy(...orderBy(terms, false))
    .getSQL();
}

/**
 * A company's list as a CSV file (see companyCsvFile): every row of its search and filters,
 * in its order, each as `columns` write it.
 */
export const exportCompanyList = <Field extends string, Params extends ListParams<Field>>(
  db: Database,
  params: Params & ChosenIds,
  order: ListOrder<Field>,
  list: ListSource<Params, Columns>,
  columns: ExportColumn[],
  signal?: AbortSignal,
) =>
  companyCsvFile(
    db,
    list.companyId,
    exportStatement(params, order, list, columns),
    columns,
    signal,
  );

/**
 * A company list's two reads, from its one description: `list`, a page of it (readCompanyPage),
 * and `exportCsv`, all of it as a CSV file (exportCompanyList), both for the same parameters.
 */
export function companyListing<
  Field extends string,
  Params extends ListParams<Field>,
  Selected extends Columns,
  Record,
>(
  db: Database,
  order: ListOrder<Field>,
  source: (companyId: number, params: Params) => ListSource<Params, Selected>,
  toRecord: (row: SelectResultFields<Selected>) => Record,
  exported: ExportColumn[],
) {
  return {
    list: (companyId: number, params: Params, within?: Transaction) =>
      readCompanyPage(within ?? db, params, order, source(companyId, params), toRecord),
    /**
     * Every row the list shows for `params` (or its chosen `ids`), in order, as a CSV file;
     * left unmade once `signal` aborts.
     */
    exportCsv: (companyId: number, params: Params & ChosenIds, { signal }: Unwanted = {}) =>
      exportCompanyList(db, params, order, source(companyId, params), exported, signal),
  };
}
