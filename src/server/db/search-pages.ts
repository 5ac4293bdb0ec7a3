import { type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from './client.ts';
import { type CompiledStatement, compileStatement, runCompiled } from './compiled-statements.ts';

/**
 * A search of a list, answered by the list's search function (migration 0014): it finds the
 * matches once in the stored search text, through its trigram index, for the transaction's
 * company only, counts them, and names the ids of the page in the list's order (each with the
 * total; one row with no id when the page is past the end). `only` is the list's one filter,
 * or null.
 */
export interface Search {
  page: 'contacts_search_page' | 'interactions_search_page';
  pattern: string;
  only: unknown;
}

interface SearchSource extends Search {
  table: PgTable;
  /** The selected columns; `id` among them. */
  columns: Record<string, PgColumn>;
  /** The table's company column, and the company searched. */
  companyColumn: PgColumn;
  company: number;
  /** Names the list, the company and the list's version: matches kept under it stay exact. */
  cacheKey: string;
}

/** A search's matches are kept, in order, when there are at most this many. */
const KEEP_AT_MOST = 20_000;
/** Kept matches, most recent last: at most this many searches and ids in all. */
const MAX_SEARCHES = 100;
const MAX_IDS = 500_000;
const kept = new Map<string, Int32Array>();
let keptIds = 0;
/** Searches known to have more matches than are kept (under the same version), most recent last. */
const tooMany = new Set<string>();

function keep(key: string, ids: Int32Array) {
  kept.set(key, ids);
  keptIds += ids.length;
  while (kept.size > MAX_SEARCHES || keptIds > MAX_IDS) {
    const [oldest, oldIds] = kept.entries().next().value as [string, Int32Array];
    kept.delete(oldest);
    keptIds -= oldIds.length;
  }
}

const dialect = new PgDialect();
const statements = new Map<string, CompiledStatement>();
const argument = (name: string) => sql.placeholder(name);

/**
 * The list's statement of this kind, built once: `build` gets the list's id column and its
 * selected columns as SQL; `decoded` names the fields the result decodes as.
 */
function statementOf(
  kind: string,
  source: SearchSource,
  build: (id: PgColumn, selection: SQL) => SQL,
  decoded: (id: PgColumn) => [string, PgColumn][],
) {
  const key = `${kind}:${source.page}`;
  let compiled = statements.get(key);
  if (!compiled) {
    const { id } = source.columns;
    if (!id) throw new Error('a searched list selects its id');
    const selection = sql.join(
      Object.values(source.columns).map((column) => sql`${column}`),
      sql`, `,
    );
    compiled = compileStatement(dialect.sqlToQuery(build(id, selection)), decoded(id));
    statements.set(key, compiled);
  }
  return compiled;
}

const allFields = (source: SearchSource) => () => Object.entries(source.columns);

/** The search function's ids and total (as `extra`), without the rows (for keeping them). */
const matchesStatement = (source: SearchSource) =>
  statementOf(
    'matches',
    source,
    () =>
      sql`SELECT found.id, found.total FROM ${sql.identifier(source.page)}(${argument('pattern')},
        ${argument('sort')}, ${argument('descending')}, ${argument('limit')}, 0, ${argument('only')})
        AS found`,
    (id) => [['id', id]],
  );

/** Rows by their ids, in any order. */
const rowsStatement = (source: SearchSource) =>
  statementOf(
    'rows',
    source,
    (id, selection) => sql`SELECT ${selection} FROM ${source.table}
      WHERE ${source.companyColumn} = ${argument('company')}
        AND ${id} = ANY(${argument('ids')}::int[])`,
    allFields(source),
  );

/** The page's rows joined to the search function's ids (a search with too many matches to keep). */
const pageStatement = (source: SearchSource) =>
  statementOf(
    'page',
    source,
    (id, selection) => sql`SELECT ${selection}, found.total
      FROM ${sql.identifier(source.page)}(${argument('pattern')}, ${argument('sort')},
        ${argument('descending')}, ${argument('limit')}, ${argument('offset')}, ${argument('only')})
        WITH ORDINALITY AS found
      LEFT JOIN ${source.table} ON ${id} = found.id
        AND ${source.companyColumn} = ${argument('company')}
      ORDER BY found.ordinality`,
    allFields(source),
  );

/**
 * One page of a search and its total. The matches of a search (in the list's order) are kept
 * under the list's version, which every write to the list changes in its own transaction: while
 * it stays the same, the next page, the 30-second poll and the same search from a colleague read
 * only the page's rows by their ids. A search with more than KEEP_AT_MOST matches is not kept:
 * each page is the search function's page, joined to its rows.
 */
export async function searchPage(
  tx: Transaction,
  { limit, offset = 0 }: { limit?: number | undefined; offset?: number | undefined },
  sort: { column: PgColumn; descending: boolean },
  source: SearchSource,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const search = {
    pattern: source.pattern,
    sort: sort.column.name,
    descending: sort.descending,
    only: source.only,
    company: source.company,
  };
  const key = JSON.stringify([
    source.cacheKey,
    source.page,
    source.pattern,
    source.only,
    search.sort,
    search.descending,
  ]);
  const searchedPage = async () => {
    const rows = await runCompiled(tx, pageStatement(source), {
      ...search,
      limit: limit ?? null,
      offset,
    });
    return {
      rows: rows.filter((row) => row.id !== null).map(({ extra: _, ...row }) => row),
      total: Number(rows[0]?.extra ?? 0),
    };
  };
  if (tooMany.has(key)) return searchedPage();
  let ids = kept.get(key);
  if (ids) {
    kept.delete(key); // most recent last
    kept.set(key, ids);
  } else {
    const found = await runCompiled(tx, matchesStatement(source), {
      ...search,
      limit: KEEP_AT_MOST + 1,
    });
    if (Number(found[0]?.extra ?? 0) > KEEP_AT_MOST) {
      tooMany.add(key);
      if (tooMany.size > MAX_SEARCHES) tooMany.delete(tooMany.values().next().value as string);
      return searchedPage();
    }
    ids = Int32Array.from(found.filter((row) => row.id !== null).map((row) => Number(row.id)));
    keep(key, ids);
  }
  const pageIds = ids.subarray(offset, limit === undefined ? undefined : offset + limit);
  if (pageIds.length === 0) return { rows: [], total: ids.length };
  const rows = await runCompiled(tx, rowsStatement(source), {
    company: source.company,
    ids: Array.from(pageIds),
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A row deleted since the matches were kept (by a write that has not changed the version this
  // transaction read) is left out.
  const ordered = Array.from(pageIds, (id) => byId.get(id)).filter((row) => row !== undefined);
  return { rows: ordered, total: ids.length };
}
